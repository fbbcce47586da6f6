import { Inject, Injectable } from '@nestjs/common';
import { Clock, LruMap } from '@quarry/core';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';

/** Whose failed sign-ins are counted: an account (by email), a client address, or a remembered browser. */
export type FailureKey = `account:${string}` | `address:${string}` | `browser:${string}`;

interface Failures {
  count: number;
  lastAt: number;
}

const FIRST_DELAY_MS = 1000;

/**
 * Counts failed sign-ins, in memory: after `free` failures of a key, each attempt waits 1 s after
 * the next failure, then twice as long after each further one, up to `signInMaxDelayMs`. Successes
 * are not counted. At most `signInMaxEntries` keys are kept (the least recently failed go first),
 * and a key's failures are forgotten `signInFailuresKeptMs` after its last. Each instance counts
 * its own.
 */
@Injectable()
export class SignInLimiter {
  private readonly failures: LruMap<FailureKey, Failures>;

  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly clock: Clock,
  ) {
    this.failures = new LruMap(settings.signInMaxEntries);
  }

  static accountKey(email: string): FailureKey {
    return `account:${email.trim().toLowerCase()}`;
  }

  /** The milliseconds to wait before `key` may try again after its failures; 0 when it may now. Records nothing. */
  waitMs(key: FailureKey, free: number): number {
    const failures = this.current(key);
    if (!failures || failures.count < free) return 0;
    const delay = Math.min(FIRST_DELAY_MS * 2 ** (failures.count - free), this.settings.signInMaxDelayMs);
    return Math.max(0, failures.lastAt + delay - this.clock.now().getTime());
  }

  /** Whether `key` has fewer than `free` failures. */
  isUnder(key: FailureKey, free: number): boolean {
    return (this.current(key)?.count ?? 0) < free;
  }

  fail(...keys: FailureKey[]): void {
    const now = this.clock.now().getTime();
    for (const key of keys)
      this.failures.set(key, { count: (this.current(key)?.count ?? 0) + 1, lastAt: now });
  }

  forget(...keys: FailureKey[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  /** How many keys are kept now. */
  get size(): number {
    return this.failures.size;
  }

  private current(key: FailureKey): Failures | undefined {
    const failures = this.failures.get(key);
    if (failures && this.clock.now().getTime() - failures.lastAt >= this.settings.signInFailuresKeptMs) {
      this.failures.delete(key);
      return undefined;
    }
    return failures;
  }
}
