export { AccountsModule } from './accounts.module';
export { ACCOUNTS_MODULE_OPTIONS, type AccountsModuleOptions } from './accounts.module-definition';
export type { Account, ApiKeySummary } from './domain/account';
export { AccountsService } from './services/accounts.service';
export { ApiKeysService, type AuthenticatedKey } from './services/api-keys.service';
export {
  CreditLedger,
  PRICE_HOLD_MS,
  type ChargeResult,
  type DailyUsage,
  type Usage,
} from './services/credit-ledger';
export { WebhookSecretsService, type WebhookSecretView } from './services/webhook-secrets.service';
export { ApiKeyAccessGuard } from './auth/api-key-access.guard';
export { CurrentAuth } from './auth/current-auth.decorator';
export { RequireApiKey } from './auth/require-api-key.decorator';
export { MeteredRoute } from './rate-limit/metered-route.decorator';
export { LedgerBilling } from './billing/ledger.billing';
export { AccountsHttpModule } from './http/accounts-http.module';
export { AccountsAdminHttpModule } from './http/accounts-admin-http.module';
export { accountsEntities, accountsMigrations } from './infrastructure/typeorm/accounts-schema';
export { accountIdsByEmail } from './services/account-email-lookup';
export { ledgerHistory, type LedgerEntry } from './services/ledger-history';
