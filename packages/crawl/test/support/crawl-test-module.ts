import { Test, TestingModule } from '@nestjs/testing';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule, queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import {
  AccountsModule,
  AccountsService,
  accountsEntities,
  accountsMigrations,
  CreditLedger,
} from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { type HostLookup, NetModule } from '@quarry/net';
import { BullQueueModule } from '@quarry/queue-bull';
import { ScrapeModule, scrapeEntities, scrapeMigrations } from '@quarry/scrape';
import { createTestDatabase, TestDatabase, testDataSourceModule, testRedisUrl } from '@quarry/testing';
import {
  CrawlJobsService,
  CrawlModule,
  CrawlModuleOptions,
  crawlEntities,
  crawlMigrations,
  CrawlView,
} from '../../src';

/** `embedded`: SQLite and the database queue; `distributed`: PostgreSQL and Bull on Redis. */
export type CrawlEngine = 'embedded' | 'distributed';

/** Embedded always; distributed unless QUARRY_TEST_ENGINES=embedded. */
export const crawlEngines = (): CrawlEngine[] =>
  testRedisUrl() ? ['embedded', 'distributed'] : ['embedded'];

export const CRAWL_SCHEMA = {
  entities: [...queueDbEntities, ...accountsEntities, ...scrapeEntities, ...crawlEntities],
  migrations: [...queueDbMigrations, ...accountsMigrations, ...scrapeMigrations, ...crawlMigrations],
};

/** Politeness loose enough for small fixture sites, callbacks retried fast. */
export const TEST_CRAWL_OPTIONS: CrawlModuleOptions = {
  hostConcurrency: 4,
  hostRequestsPerSecond: 200,
  progressPollMs: 50,
  callbackAttempts: 4,
  callbackBackoffMs: 100,
};

export interface CrawlTestContext {
  moduleRef: TestingModule;
  database: TestDatabase;
  jobs: CrawlJobsService;
  accounts: AccountsService;
  ledger: CreditLedger;
  /** Polls the job until it ended, then answers its first page of results. */
  finished(accountId: string, jobId: string, kind?: 'crawl' | 'batch'): Promise<CrawlView>;
  close(): Promise<void>;
}

export interface CrawlTestSetup {
  allowHosts: string[];
  lookup?: HostLookup;
  options?: CrawlModuleOptions;
}

/** CrawlModule with real parts: a database, a queue engine, the SSRF-safe client, scrape, accounts. */
export async function createCrawlTestContext(
  engine: CrawlEngine,
  setup: CrawlTestSetup,
): Promise<CrawlTestContext> {
  const database = await createTestDatabase(engine === 'embedded' ? 'sqlite' : 'postgres', CRAWL_SCHEMA);
  const redisUrl = engine === 'distributed' ? testRedisUrl() : undefined;
  const moduleRef = await Test.createTestingModule({
    imports: [
      testDataSourceModule(database.dataSource),
      QuarryCoreModule,
      QuarryDataSourceModule,
      redisUrl
        ? BullQueueModule.forRoot({
            redisUrl,
            prefix: `quarry-crawl-test-${process.pid}-${Date.now()}`,
            shutdownGraceMs: 1000,
          })
        : DatabaseQueueModule.forRoot({ pollIntervalMs: 20, shutdownGraceMs: 1000 }),
      NetModule.forRoot({ allowHosts: setup.allowHosts, lookup: setup.lookup, isGlobal: true }),
      BrowserModule.forRoot({ isGlobal: true, maxPages: 1 }),
      AccountsModule.forRoot({}),
      ScrapeModule.forRoot({ readingThreads: 1 }),
      CrawlModule.forRoot({ ...TEST_CRAWL_OPTIONS, ...setup.options }),
    ],
  }).compile();
  await moduleRef.init();
  const jobs = moduleRef.get(CrawlJobsService);
  return {
    moduleRef,
    database,
    jobs,
    accounts: moduleRef.get(AccountsService),
    ledger: moduleRef.get(CreditLedger),
    finished: async (accountId, jobId, kind = 'crawl') => {
      for (let i = 0; i < 3000; i++) {
        const view = await jobs.status(accountId, kind, jobId);
        if (
          view.status === 'completed' ||
          view.status === 'failed' ||
          (view.status === 'cancelled' && !view.next)
        )
          return view;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`job ${jobId} did not finish`);
    },
    close: async () => {
      await moduleRef.close();
      await database.destroy();
    },
  };
}

/** The paths of a view's completed pages, sorted. */
export function completedPaths(view: CrawlView): string[] {
  return view.pages
    .filter((page) => page.status === 'completed')
    .map((page) => new URL(page.url).pathname + new URL(page.url).search)
    .sort();
}
