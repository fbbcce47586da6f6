import { Injectable } from '@nestjs/common';
import { Clock, InvalidRequestError, NotFoundError } from '@quarry/core';
import { DashboardCredentialStore } from '../ports/dashboard-credential.store';
import { DashboardSessionStore } from '../ports/dashboard-session.store';
import { hashPassword, verifyPassword } from './password-hash';

export const MIN_PASSWORD_LENGTH = 12;
/** Compared against when the email is unknown, so a wrong email costs as much time as a wrong password. */
const UNKNOWN_EMAIL_HASH = hashPassword('no account has this password');

const normalise = (email: string) => email.trim().toLowerCase();

/** Dashboard passwords: set by the operator, checked at sign-in. */
@Injectable()
export class DashboardCredentials {
  constructor(
    private readonly credentials: DashboardCredentialStore,
    private readonly sessions: DashboardSessionStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Sets (or replaces) the password of the one account registered with `email` and ends its
   * sessions, so a leaked password stops working everywhere; returns the account id. An operator CLI
   * gets it from `DashboardModule`, without the dashboard's routes.
   */
  async setPassword(email: string, password: string): Promise<string> {
    if (password.length < MIN_PASSWORD_LENGTH)
      throw new InvalidRequestError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
    const ids = await this.credentials.accountIdsWithEmail(email.trim());
    if (ids.length !== 1)
      throw ids.length
        ? new InvalidRequestError('Several accounts have this email; the dashboard signs in one per email.')
        : new NotFoundError('No account has this email.');
    const now = this.clock.now();
    await this.credentials.save({
      accountId: ids[0],
      email: normalise(email),
      passwordHash: await hashPassword(password),
      updatedAt: now,
    });
    await this.sessions.revokeForAccount(ids[0], now);
    return ids[0];
  }

  /**
   * Replaces the signed-in account's password after checking its current one; 400 naming
   * `currentPassword` or `newPassword`. Ending the account's other sessions is the caller's.
   */
  async changePassword(accountId: string, currentPassword: string, newPassword: string): Promise<void> {
    const row = await this.credentials.findByAccount(accountId);
    if (!row || !(await verifyPassword(currentPassword, row.passwordHash)))
      throw new InvalidRequestError('The current password is not right.', {
        currentPassword: 'is not the password you sign in with',
      });
    if (newPassword.length < MIN_PASSWORD_LENGTH)
      throw new InvalidRequestError('The new password is too short.', {
        newPassword: `must have at least ${MIN_PASSWORD_LENGTH} characters`,
      });
    await this.credentials.save({
      ...row,
      passwordHash: await hashPassword(newPassword),
      updatedAt: this.clock.now(),
    });
  }

  /** The account id for a right email and password; undefined otherwise, after the same work. */
  async verify(email: string, password: string): Promise<string | undefined> {
    const row = await this.credentials.findByEmail(normalise(email));
    const matches = await verifyPassword(password, row?.passwordHash ?? (await UNKNOWN_EMAIL_HASH));
    return row && matches ? row.accountId : undefined;
  }
}
