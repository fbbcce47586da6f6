import { Provider } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { ACCOUNTS_SETTINGS, type AccountsSettings } from '../accounts-settings';
import { MemoryThrottlerStorage } from './memory-throttler.storage';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** Quarry's own tokens, not ThrottlerModule's: the host's ThrottlerModule and its limits stay untouched. */
export const API_KEY_THROTTLER_OPTIONS = Symbol('API_KEY_THROTTLER_OPTIONS');
export const API_KEY_THROTTLER_STORAGE = Symbol('API_KEY_THROTTLER_STORAGE');

/** One per-key budget: `limit` requests per window of `ttlMs`, named in its response headers. */
export interface RateBudget {
  name: 'work' | 'reads';
  limit: number;
  ttlMs: number;
}

/** The budget of `@MeteredRoute()` routes, and the one of every other guarded route. */
export interface RateBudgets {
  work: RateBudget;
  reads: RateBudget;
}

const MINUTE_MS = 60_000;

export const apiKeyThrottlerProviders: Provider[] = [
  {
    provide: API_KEY_THROTTLER_OPTIONS,
    inject: [ACCOUNTS_SETTINGS],
    useFactory: (options: AccountsSettings): RateBudgets => ({
      work: { name: 'work', limit: options.workRequestsPerMinute, ttlMs: MINUTE_MS },
      reads: { name: 'reads', limit: options.readRequestsPerMinute, ttlMs: MINUTE_MS },
    }),
  },
  {
    provide: API_KEY_THROTTLER_STORAGE,
    inject: [ACCOUNTS_SETTINGS],
    useFactory: (options: AccountsSettings): ThrottlerStorage =>
      options.redisUrl ? new RedisThrottlerStorage(options.redisUrl) : new MemoryThrottlerStorage(),
  },
];
