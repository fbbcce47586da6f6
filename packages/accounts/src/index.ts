export { AccountsModule } from './accounts.module';
export { ACCOUNTS_MODULE_OPTIONS, type AccountsModuleOptions } from './accounts.module-definition';
export type { Account, ApiKeySummary } from './domain/account';
export { AccountsService } from './domain/accounts.service';
export { ApiKeysService, type AuthenticatedKey } from './domain/api-keys.service';
export {
  CreditLedger,
  type ChargeResult,
  type DailyKeyUsage,
  type DailyUsage,
  type Usage,
} from './domain/credit-ledger';
export { RequestLog } from './domain/request-log';
export {
  requestLogPage,
  type RequestLogEntry,
  type RequestLogFilter,
  type RequestLogPage,
} from './domain/request-log-page';
export { WebhookSecretsService, type WebhookSecretView } from './domain/webhook-secrets.service';
export { ApiKeyAccessGuard } from './auth/api-key-access.guard';
export { CurrentAuth } from './auth/current-auth.decorator';
export { RequireApiKey } from './auth/require-api-key.decorator';
export { LedgerBilling } from './billing/ledger.billing';
export { AccountsHttpModule } from './http/accounts-http.module';
export { AccountsAdminHttpModule } from './http/accounts-admin-http.module';
export { accountsEntities, accountsMigrations } from './infrastructure/typeorm/accounts-schema';
export { accountIdsByEmail } from './domain/account-email-lookup';
export { ledgerHistory, type LedgerEntry } from './domain/ledger-history';
