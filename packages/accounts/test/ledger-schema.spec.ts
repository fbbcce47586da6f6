import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { createTestDatabase, testDatabaseEngines } from '@quarry/testing';
import { AccountsModule, accountsEntities, CreditLedger } from '../src';
import { createAccountsTestContext } from './accounts-test-module';

describe.each(testDatabaseEngines())('the ledger schema on %s', (engine) => {
  it('refuses to start, naming the fix, on a schema made by synchronize (no CHECK, no triggers)', async () => {
    const database = await createTestDatabase(engine, { entities: accountsEntities, migrations: [] });
    try {
      await database.dataSource.synchronize();
      const moduleRef = await Test.createTestingModule({
        imports: [QuarryCoreModule, QuarryDataSourceModule, AccountsModule.forRoot({})],
      })
        .useMocker((token) => (token === DataSource ? database.dataSource : undefined))
        .compile();
      await expect(moduleRef.init()).rejects.toThrow(
        /lacks CHECK chk_quarry_accounts_credits, trg_quarry_ledger_apply.*accountsMigrations/,
      );
      await moduleRef.close();
    } finally {
      await database.destroy();
    }
  });

  it('starts on the migrated schema', async () => {
    const context = await createAccountsTestContext(engine);
    try {
      await context.moduleRef.init();
      expect(context.moduleRef.get(CreditLedger)).toBeInstanceOf(CreditLedger);
    } finally {
      await context.close();
    }
  });
});
