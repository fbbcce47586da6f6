import { Test, TestingModule } from '@nestjs/testing';
import { QuarryCoreModule } from '@quarry/core';
import { DatabaseEngine, QuarryDataSourceModule } from '@quarry/persistence';
import { createTestDatabase, TestDatabase, testDataSourceModule } from '@quarry/testing';
import { AccountsModule, accountsEntities, accountsMigrations } from '../src';

export interface AccountsTestContext {
  database: TestDatabase;
  moduleRef: TestingModule;
  close(): Promise<void>;
}

/** AccountsModule on a fresh, migrated database of the given engine. */
export async function createAccountsTestContext(engine: DatabaseEngine): Promise<AccountsTestContext> {
  const database = await createTestDatabase(engine, {
    entities: accountsEntities,
    migrations: accountsMigrations,
  });
  const moduleRef = await Test.createTestingModule({
    imports: [
      testDataSourceModule(database.dataSource),
      QuarryCoreModule,
      QuarryDataSourceModule,
      AccountsModule.forRoot({}),
    ],
  }).compile();
  return {
    database,
    moduleRef,
    close: async () => {
      await moduleRef.close();
      await database.destroy();
    },
  };
}
