import type { AuthenticatedKey } from '../domain/api-keys.service';

/** What `ApiKeyGuard` attaches to a request it lets through. */
export interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  auth?: AuthenticatedKey;
}
