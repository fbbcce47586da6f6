import { Module } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import {
  ACCOUNTS_OPTIONS,
  AccountsModuleOptions,
  ConfigurableModuleClass,
} from './accounts.module-definition';
import { ApiKeyAccessGuard } from './auth/api-key-access.guard';
import { ApiKeyGuard } from './auth/api-key.guard';
import { LedgerBilling } from './billing/ledger.billing';
import { LedgerSchemaCheck } from './infrastructure/typeorm/ledger-schema.check';
import { ApiKeyThrottlerGuard } from './rate-limit/api-key-throttler.guard';
import { isMeteredRoute } from './rate-limit/metered-route.decorator';
import { RedisThrottlerStorage } from './rate-limit/redis-throttler.storage';
import { AccountsService } from './services/accounts.service';
import { ApiKeysService } from './services/api-keys.service';
import { CreditLedger } from './services/credit-ledger';
import { WebhookSecretsService } from './services/webhook-secrets.service';

const MINUTE_MS = 60_000;

/**
 * Accounts, API keys, the credit ledger, the key guard and per-key rate limits. Needs a TypeORM
 * `DataSource` with `accountsEntities` and `accountsMigrations`, and `QuarryCoreModule` (see README).
 */
/** Provided and exported alike. */
const SERVICES = [
  AccountsService,
  ApiKeysService,
  CreditLedger,
  WebhookSecretsService,
  ApiKeyGuard,
  ApiKeyThrottlerGuard,
  ApiKeyAccessGuard,
  LedgerBilling,
];

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ACCOUNTS_OPTIONS, Reflector],
      useFactory: (options: AccountsModuleOptions, reflector: Reflector) => ({
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
        storage: options.redisUrl ? new RedisThrottlerStorage(options.redisUrl) : undefined,
      }),
    }),
  ],
  providers: [...SERVICES, LedgerSchemaCheck],
  exports: [ACCOUNTS_OPTIONS, ...SERVICES, ThrottlerModule],
})
export class AccountsModule extends ConfigurableModuleClass {}
