/** A signed-in browser as stored: the cookie's token only as its SHA-256. */
export interface DashboardSessionRecord {
  tokenHash: string;
  accountId: string;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** A one-time message for the next page, sealed with a key derived from the cookie's token. */
  flash: string | null;
  flashExpiresAt: Date | null;
}

/** Where sessions are kept, so that signing out, or an operator, ends them at once on every instance. */
export abstract class DashboardSessionStore {
  abstract insert(session: DashboardSessionRecord): Promise<void>;

  /** The session of the token hash, revoked or not. */
  abstract find(tokenHash: string): Promise<DashboardSessionRecord | undefined>;

  /** Revokes the account's live sessions at `at`, all but the one of `exceptTokenHash` when given. */
  abstract revokeForAccount(accountId: string, at: Date, exceptTokenHash?: string): Promise<void>;

  /** Revokes the session of the token hash at `at`, unless it is revoked already. */
  abstract revoke(tokenHash: string, at: Date): Promise<void>;

  abstract putFlash(tokenHash: string, flash: string, expiresAt: Date): Promise<void>;

  /** Removes the session's flash if it is still `flash`; whether this call removed it. */
  abstract takeFlash(tokenHash: string, flash: string): Promise<boolean>;
}
