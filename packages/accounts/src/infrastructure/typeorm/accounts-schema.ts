import { AccountEntity } from './account.entity';
import { ApiKeyEntity } from './api-key.entity';
import { CreditKeyUsageEntity } from './credit-key-usage.entity';
import { CreditReservationEntity } from './credit-reservation.entity';
import { CreditUsageEntity } from './credit-usage.entity';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { RequestLogEntryEntity } from './request-log-entry.entity';
import { CreateAccounts1763780000000 } from './migrations/1763780000000-create-accounts.migration';
import { CreateCreditReservations1764000000000 } from './migrations/1764000000000-create-credit-reservations.migration';
import { CreateCreditUsage1764500000000 } from './migrations/1764500000000-create-credit-usage.migration';
import { AddApiKeyLastUsed1764930000000 } from './migrations/1764930000000-add-api-key-last-used.migration';
import { CountApiKeyChanges1765100000000 } from './migrations/1765100000000-count-api-key-changes.migration';
import { NotifyApiKeyChanges1765200000000 } from './migrations/1765200000000-notify-api-key-changes.migration';
import { CountUsagePerApiKey1766700000000 } from './migrations/1766700000000-count-usage-per-api-key.migration';
import { CreateRequestLog1766700400000 } from './migrations/1766700400000-create-request-log.migration';
import { AddAccountExternalId1766800000000 } from './migrations/1766800000000-add-account-external-id.migration';

/** What the app adds to its TypeORM data source for this package. */
export const accountsEntities = [
  AccountEntity,
  ApiKeyEntity,
  LedgerEntryEntity,
  CreditReservationEntity,
  CreditUsageEntity,
  CreditKeyUsageEntity,
  RequestLogEntryEntity,
];
export const accountsMigrations = [
  CreateAccounts1763780000000,
  CreateCreditReservations1764000000000,
  CreateCreditUsage1764500000000,
  AddApiKeyLastUsed1764930000000,
  CountApiKeyChanges1765100000000,
  NotifyApiKeyChanges1765200000000,
  CountUsagePerApiKey1766700000000,
  CreateRequestLog1766700400000,
  AddAccountExternalId1766800000000,
];
