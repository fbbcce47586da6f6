import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';

/**
 * Counts sign-in attempts per email and per client address in a fixed window, in memory: enough
 * to make guessing a password slow on one instance; several instances each allow the limit.
 */
@Injectable()
export class SignInLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly clock: Clock,
  ) {}

  /** Counts one attempt for the email and one for the address; false when either is over its limit. */
  attempt(email: string, address: string): boolean {
    const now = this.clock.now().getTime();
    for (const [key, window] of this.windows)
      if (now - window.startedAt >= this.settings.signInWindowMs) this.windows.delete(key);
    const overEmail = this.count(`email:${email.trim().toLowerCase()}`, now) > this.settings.signInAttempts;
    const overAddress = this.count(`address:${address}`, now) > this.settings.signInAttemptsPerAddress;
    return !overEmail && !overAddress;
  }

  private count(key: string, now: number): number {
    const window = this.windows.get(key) ?? { startedAt: now, count: 0 };
    window.count += 1;
    this.windows.set(key, window);
    return window.count;
  }
}
