import { Module } from '@nestjs/common';
import {
  AccountDirectory,
  Billing,
  checkedProviders,
  Clock,
  COMMON_REQUIREMENTS,
  type ModuleRequirements,
  WebhookSigningSecrets,
} from '@quarry/core';
import { DEFAULT_ROUTE_GUARD } from '@quarry/http';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { ACCOUNTS_MODULE_OPTIONS, ConfigurableModuleClass } from './accounts.module-definition';
import { ACCOUNTS_SETTINGS, accountsSettingsProvider } from './accounts-settings';
import { ApiKeyAccessGuard } from './auth/api-key-access.guard';
import { ApiKeyGuard } from './auth/api-key.guard';
import { LedgerBilling } from './billing/ledger.billing';
import { LedgerSchemaCheck } from './infrastructure/typeorm/ledger-schema.check';
import { ApiKeyThrottlerGuard } from './rate-limit/api-key-throttler.guard';
import {
  API_KEY_THROTTLER_OPTIONS,
  API_KEY_THROTTLER_STORAGE,
  apiKeyThrottlerProviders,
} from './rate-limit/api-key-throttler.providers';
import { AccountsService } from './domain/accounts.service';
import { ApiKeysService } from './domain/api-keys.service';
import { CreditLedger } from './domain/credit-ledger';
import { RequestLog } from './domain/request-log';
import { WebhookSecretsService } from './domain/webhook-secrets.service';

/** Provided and exported alike. */
const SERVICES = [
  AccountsService,
  ApiKeysService,
  CreditLedger,
  RequestLog,
  WebhookSecretsService,
  ApiKeyGuard,
  ApiKeyThrottlerGuard,
  ApiKeyAccessGuard,
  LedgerBilling,
];

/** The defaults this module gives Quarry's feature and HTTP modules, through the ports they inject. */
const PORTS = [
  { provide: Billing, useExisting: LedgerBilling },
  { provide: WebhookSigningSecrets, useExisting: WebhookSecretsService },
  { provide: DEFAULT_ROUTE_GUARD, useExisting: ApiKeyAccessGuard },
  { provide: AccountDirectory, useExisting: AccountsService },
];

/** What the app must provide; a missing piece fails the boot naming what to import. */
const ACCOUNTS_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'AccountsModule',
  requirements: [
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
  ],
};

/**
 * Accounts, API keys, the credit ledger, the key guard and per-key rate limits; the default
 * `Billing`, `WebhookSigningSecrets` and route guard of Quarry's other modules. Needs a TypeORM
 * `DataSource` with `accountsEntities` and `accountsMigrations`, `QuarryCoreModule` and
 * `QuarryDataSourceModule` (see README).
 * The rate-limit tokens are exported because `@RequireApiKey()` builds its guard in the controller's module.
 */
@Module({
  providers: checkedProviders(ACCOUNTS_REQUIREMENTS, [
    accountsSettingsProvider,
    ...SERVICES,
    ...PORTS,
    ...apiKeyThrottlerProviders,
    LedgerSchemaCheck,
  ]),
  exports: [
    ACCOUNTS_MODULE_OPTIONS,
    ACCOUNTS_SETTINGS,
    ...SERVICES,
    ...PORTS.map((port) => port.provide),
    API_KEY_THROTTLER_OPTIONS,
    API_KEY_THROTTLER_STORAGE,
  ],
})
export class AccountsModule extends ConfigurableModuleClass {}
