import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardSessionRecord, DashboardSessionStore } from '../ports/dashboard-session.store';

/** A live session as the pages use it. */
export interface DashboardSession {
  accountId: string;
  csrfToken: string;
  expiresAt: Date;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sessions live in the database so that signing out, or an operator, can end them at once. */
@Injectable()
export class DashboardSessions {
  constructor(
    private readonly store: DashboardSessionStore,
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly clock: Clock,
  ) {}

  /** A new session; `token` goes in the cookie and exists nowhere else. */
  async start(accountId: string): Promise<{ token: string; session: DashboardSession }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const row: DashboardSessionRecord = {
      tokenHash: sha256(token),
      accountId,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.sessionTtlMs),
      revokedAt: null,
      flash: null,
      flashExpiresAt: null,
    };
    await this.store.insert(row);
    return { token, session: { accountId, csrfToken: row.csrfToken, expiresAt: row.expiresAt } };
  }

  /** The session of a cookie token, unless unknown, revoked or expired. */
  async find(token: string): Promise<DashboardSession | undefined> {
    const row = await this.store.find(sha256(token));
    if (!row || row.revokedAt || row.expiresAt <= this.clock.now()) return undefined;
    return { accountId: row.accountId, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
  }

  /** Ends every session of the account but the one of `token`. */
  async revokeOthers(accountId: string, token: string): Promise<void> {
    await this.store.revokeForAccount(accountId, this.clock.now(), sha256(token));
  }

  async revoke(token: string): Promise<void> {
    await this.store.revoke(sha256(token), this.clock.now());
  }
}
