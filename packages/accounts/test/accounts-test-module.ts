import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { DatabaseEngine, QuarryCoreModule } from '@quarry/core';
import { createTestDatabase, TestDatabase } from '@quarry/testing';
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
    imports: [QuarryCoreModule, AccountsModule.forRoot({})],
  })
    .useMocker((token) => (token === DataSource ? database.dataSource : undefined))
    .compile();
  return {
    database,
    moduleRef,
    close: async () => {
      await moduleRef.close();
      await database.destroy();
    },
  };
}
