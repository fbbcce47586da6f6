import { Test, TestingModule } from '@nestjs/testing';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule, queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import { AccountsModule, accountsEntities, accountsMigrations } from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { NetModule } from '@quarry/net';
import { BullQueueModule } from '@quarry/queue-bull';
import { createTestDatabase, TestDatabase, testDataSourceModule } from '@quarry/testing';
import { ScrapeModule, ScrapeModuleOptions, scrapeEntities, scrapeMigrations } from '../src';

/** `embedded`: cache and jobs in the database; `redis`: cache in Redis and jobs on Bull. */
export type ScrapeEngine = 'embedded' | 'redis';

/** The engines the tests run on: embedded always, Redis unless QUARRY_TEST_ENGINES=embedded. */
export const scrapeEngines = (): ScrapeEngine[] =>
  process.env.QUARRY_TEST_ENGINES === 'embedded' ? ['embedded'] : ['embedded', 'redis'];

export interface ScrapeTestContext {
  moduleRef: TestingModule;
  database: TestDatabase;
  close(): Promise<void>;
}

/** ScrapeModule with real parts: a SQLite database, the SSRF-safe client, Chromium, accounts, and the chosen engine. */
export async function createScrapeTestContext(
  allowHosts: string[],
  engine: ScrapeEngine,
  options: ScrapeModuleOptions = {},
): Promise<ScrapeTestContext> {
  const database = await createTestDatabase('sqlite', {
    entities: [...queueDbEntities, ...accountsEntities, ...scrapeEntities],
    migrations: [...queueDbMigrations, ...accountsMigrations, ...scrapeMigrations],
  });
  const redisUrl =
    engine === 'redis' ? (process.env.QUARRY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
  const redisPrefix = `quarry-test-${process.pid}-${Date.now()}`;
  const moduleRef = await Test.createTestingModule({
    imports: [
      testDataSourceModule(database.dataSource),
      QuarryCoreModule,
      QuarryDataSourceModule,
      redisUrl
        ? BullQueueModule.forRoot({ redisUrl, prefix: redisPrefix, shutdownGraceMs: 1000 })
        : DatabaseQueueModule.forRoot({ pollIntervalMs: 50, shutdownGraceMs: 1000 }),
      NetModule.forRoot({ allowHosts, isGlobal: true }),
      BrowserModule.forRoot({ isGlobal: true, maxPages: 2 }),
      AccountsModule.forRoot({}),
      ScrapeModule.forRoot({ redisUrl, redisPrefix, ...options }),
    ],
  }).compile();
  await moduleRef.init();
  return {
    moduleRef,
    database,
    close: async () => {
      await moduleRef.close();
      await database.destroy();
    },
  };
}
