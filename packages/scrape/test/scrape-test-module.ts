import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { QuarryCoreModule } from '@quarry/core';
import { BrowserModule } from '@quarry/browser';
import { NetModule } from '@quarry/net';
import { createTestDatabase, TestDatabase } from '@quarry/testing';
import { ScrapeModule, ScrapeModuleOptions, scrapeEntities, scrapeMigrations } from '../src';

export type CacheEngine = 'database' | 'redis';

/** The cache engines the tests run on: the database always, Redis unless QUARRY_TEST_ENGINES=embedded. */
export const cacheEngines = (): CacheEngine[] => (process.env.QUARRY_TEST_ENGINES === 'embedded' ? ['database'] : ['database', 'redis']);

export interface ScrapeTestContext {
  moduleRef: TestingModule;
  close(): Promise<void>;
}

/** ScrapeModule with real parts: a SQLite database, the SSRF-safe client, Chromium, and the chosen cache. */
export async function createScrapeTestContext(allowHosts: string[], cache: CacheEngine, options: ScrapeModuleOptions = {}): Promise<ScrapeTestContext> {
  const database: TestDatabase = await createTestDatabase('sqlite', { entities: scrapeEntities, migrations: scrapeMigrations });
  const redisUrl = cache === 'redis' ? (process.env.QUARRY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
  const moduleRef = await Test.createTestingModule({
    imports: [
      QuarryCoreModule,
      NetModule.forRoot({ allowHosts, isGlobal: true }),
      BrowserModule.forRoot({ isGlobal: true, maxPages: 2 }),
      ScrapeModule.forRoot({ redisUrl, redisPrefix: `quarry-test-${process.pid}-${Date.now()}`, ...options }),
    ],
  })
    .useMocker((token) => (token === DataSource ? database.dataSource : undefined))
    .compile();
  await moduleRef.init();
  return {
    moduleRef,
    close: async () => {
      await moduleRef.close();
      await database.destroy();
    },
  };
}
