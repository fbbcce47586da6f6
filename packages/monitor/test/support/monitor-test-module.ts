import { randomBytes } from 'node:crypto';
import { Test, TestingModule } from '@nestjs/testing';
import { QuarryCoreModule } from '@quarry/core';
import { DatabaseEngine, QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule, queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import { AccountsModule, accountsEntities, accountsMigrations } from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { NetModule } from '@quarry/net';
import { BullQueueModule } from '@quarry/queue-bull';
import { ScrapeModule, scrapeEntities, scrapeMigrations } from '@quarry/scrape';
import { createTestDatabase, TestDatabase, testDatabaseEngines, testDataSourceModule } from '@quarry/testing';
import { MonitorModule, MonitorModuleOptions, monitorEntities, monitorMigrations } from '../../src';

/** `sqlite` + the database queue (the embedded profile), `postgres` + Bull on Redis (the distributed one). */
export interface MonitorEngine {
  database: DatabaseEngine;
  queue: 'database' | 'bull';
}

/** The profiles the tests run on: embedded always, PostgreSQL + Redis unless QUARRY_TEST_ENGINES=embedded. */
export const monitorEngines = (): [string, MonitorEngine][] =>
  testDatabaseEngines().map((database) => [
    database === 'sqlite' ? 'sqlite + database queue' : 'postgres + bull',
    { database, queue: database === 'sqlite' ? 'database' : 'bull' },
  ]);

export const redisUrl = () => process.env.QUARRY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const schemaParts = {
  entities: [...queueDbEntities, ...accountsEntities, ...scrapeEntities, ...monitorEntities],
  migrations: [...queueDbMigrations, ...accountsMigrations, ...scrapeMigrations, ...monitorMigrations],
};

export interface MonitorTestContext {
  moduleRef: TestingModule;
  database: TestDatabase;
  /** The Bull key prefix, for a second instance on the same queues. */
  redisPrefix: string;
  close(): Promise<void>;
}

export interface MonitorTestSetup {
  engine: MonitorEngine;
  allowHosts: string[];
  options?: MonitorModuleOptions;
  /** `forRootAsync` instead of `forRoot`. */
  async?: boolean;
  /** Share this database (and `redisPrefix`) with another context, as a second app instance would. */
  database?: TestDatabase;
  redisPrefix?: string;
}

/** MonitorModule with real parts: the chosen database and queue engine, the SSRF-safe client, scrape, accounts. */
export async function createMonitorTestContext(setup: MonitorTestSetup): Promise<MonitorTestContext> {
  const database = setup.database ?? (await createTestDatabase(setup.engine.database, schemaParts));
  const prefix = setup.redisPrefix ?? `quarry-monitor-test-${randomBytes(4).toString('hex')}`;
  const options: MonitorModuleOptions = { runScheduler: false, ...setup.options };
  const moduleRef = await Test.createTestingModule({
    imports: [
      testDataSourceModule(database.dataSource),
      QuarryCoreModule,
      QuarryDataSourceModule,
      setup.engine.queue === 'bull'
        ? BullQueueModule.forRoot({ redisUrl: redisUrl(), prefix, shutdownGraceMs: 1000 })
        : DatabaseQueueModule.forRoot({ pollIntervalMs: 50, shutdownGraceMs: 1000 }),
      NetModule.forRoot({ allowHosts: setup.allowHosts, isGlobal: true }),
      BrowserModule.forRoot({ isGlobal: true, maxPages: 1 }),
      AccountsModule.forRoot({}),
      ScrapeModule.forRoot({}),
      setup.async
        ? MonitorModule.forRootAsync({ useFactory: async () => options })
        : MonitorModule.forRoot(options),
    ],
  }).compile();
  await moduleRef.init();
  return {
    moduleRef,
    database,
    redisPrefix: prefix,
    close: async () => {
      await moduleRef.close();
      if (!setup.database) await database.destroy();
    },
  };
}

/** Polls `read` until `done` holds, failing after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)?.slice(0, 500)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
