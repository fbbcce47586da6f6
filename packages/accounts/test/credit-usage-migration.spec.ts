import { DataSource } from 'typeorm';
import { dataSourceOptionsFromUrl } from '@quarry/persistence';
import { createTestDatabase, testDatabaseEngines } from '@quarry/testing';
import { accountsEntities, accountsMigrations } from '../src';
import { AccountEntity } from '../src/infrastructure/typeorm/account.entity';
import { CreditUsageEntity } from '../src/infrastructure/typeorm/credit-usage.entity';
import { LedgerEntryEntity } from '../src/infrastructure/typeorm/ledger-entry.entity';

const DAY_MS = 86_400_000;

describe.each(testDatabaseEngines())('the usage migration on %s', (engine) => {
  it('counts the charges already in the ledger per (account, UTC day, operation)', async () => {
    const before = accountsMigrations.filter((m) => m.name !== 'CreateCreditUsage1764500000000');
    const database = await createTestDatabase(engine, { entities: accountsEntities, migrations: before });
    let upgraded: DataSource | undefined;
    try {
      const day = Date.UTC(2026, 2, 2);
      await database.dataSource.getRepository(AccountEntity).insert({
        id: 'acc-1',
        email: 'old@example.com',
        credits: 0,
        webhookSecret: 'whsec_x',
        previousWebhookSecret: null,
        previousWebhookSecretUntil: null,
        createdAt: new Date(day - DAY_MS),
        updatedAt: new Date(day - DAY_MS),
      });
      const entry = (ref: string, amount: number, operation: string, at: number) => ({
        id: `id-${ref}`,
        accountId: 'acc-1',
        amount,
        operation,
        referenceId: ref,
        createdAt: new Date(at),
      });
      await database.dataSource
        .getRepository(LedgerEntryEntity)
        .insert([
          entry('grant', 100, 'credits.grant', day - DAY_MS),
          entry('a', -1, 'scrape', day - 1),
          entry('b', -1, 'scrape', day),
          entry('c', -1, 'scrape', day + DAY_MS - 1),
          entry('d', -5, 'screenshot', day + 1000),
        ]);

      upgraded = await new DataSource(
        dataSourceOptionsFromUrl(database.url, {
          entities: accountsEntities,
          migrations: accountsMigrations,
        }),
      ).initialize();
      const rows = await upgraded
        .getRepository(CreditUsageEntity)
        .find({ order: { day: 'ASC', operation: 'ASC' } });
      const today = day / DAY_MS;
      expect(rows).toEqual([
        { accountId: 'acc-1', day: today - 1, operation: 'scrape', charges: 1, credits: 1 },
        { accountId: 'acc-1', day: today, operation: 'scrape', charges: 2, credits: 2 },
        { accountId: 'acc-1', day: today, operation: 'screenshot', charges: 1, credits: 5 },
      ]);
    } finally {
      await upgraded?.destroy();
      await database.destroy();
    }
  });
});
