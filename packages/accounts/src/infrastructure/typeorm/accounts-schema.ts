import { AccountEntity } from './account.entity';
import { ApiKeyEntity } from './api-key.entity';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { CreateAccounts1763780000000 } from './migrations/1763780000000-create-accounts.migration';

/** What the app adds to its TypeORM data source for this package. */
export const accountsEntities = [AccountEntity, ApiKeyEntity, LedgerEntryEntity];
export const accountsMigrations = [CreateAccounts1763780000000];
