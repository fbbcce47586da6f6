import { Provider } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerModuleOptions, ThrottlerStorage } from '@nestjs/throttler';
import { ACCOUNTS_MODULE_OPTIONS, AccountsModuleOptions } from '../accounts.module-definition';
import { isMeteredRoute } from './metered-route.decorator';
import { MemoryThrottlerStorage } from './memory-throttler.storage';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** Quarry's own tokens, not ThrottlerModule's: the host's ThrottlerModule and its limits stay untouched. */
export const API_KEY_THROTTLER_OPTIONS = Symbol('API_KEY_THROTTLER_OPTIONS');
export const API_KEY_THROTTLER_STORAGE = Symbol('API_KEY_THROTTLER_STORAGE');

const MINUTE_MS = 60_000;

export const apiKeyThrottlerProviders: Provider[] = [
  {
    provide: API_KEY_THROTTLER_OPTIONS,
    inject: [ACCOUNTS_MODULE_OPTIONS, Reflector],
    useFactory: (options: AccountsModuleOptions, reflector: Reflector): ThrottlerModuleOptions => ({
      throttlers: [
        {
          name: 'work',
          ttl: MINUTE_MS,
          limit: options.workRequestsPerMinute ?? 60,
          skipIf: (context) => !isMeteredRoute(reflector, context),
        },
        {
          name: 'reads',
          ttl: MINUTE_MS,
          limit: options.readRequestsPerMinute ?? 600,
          skipIf: (context) => isMeteredRoute(reflector, context),
        },
      ],
    }),
  },
  {
    provide: API_KEY_THROTTLER_STORAGE,
    inject: [ACCOUNTS_MODULE_OPTIONS],
    useFactory: (options: AccountsModuleOptions): ThrottlerStorage =>
      options.redisUrl ? new RedisThrottlerStorage(options.redisUrl) : new MemoryThrottlerStorage(),
  },
];
