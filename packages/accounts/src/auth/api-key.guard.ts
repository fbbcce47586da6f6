import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { UnauthorizedError } from '@quarry/core';
import { ApiKeysService } from '../domain/api-keys.service';
import { AuthenticatedRequest } from './authenticated-request';

/** Lets a request through with a valid key in `Authorization: Bearer` or the legacy `x-api-key`. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeysService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const presented = presentedKey(request);
    if (presented === undefined)
      throw new UnauthorizedError('Send your API key as "Authorization: Bearer <key>".');
    const auth = presented ? await this.keys.authenticate(presented) : undefined;
    if (!auth) throw new UnauthorizedError('The API key is malformed, unknown or revoked.', 'invalid_token');
    request.auth = auth;
    return true;
  }
}

/** The key as sent; '' when a header is present but not in a usable form, undefined when absent. */
function presentedKey(request: AuthenticatedRequest): string | undefined {
  const authorization = header(request, 'authorization');
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? match[1] : '';
  }
  return header(request, 'x-api-key')?.trim();
}

function header(request: AuthenticatedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
