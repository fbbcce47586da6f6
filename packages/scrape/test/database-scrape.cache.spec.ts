import { DataSource } from 'typeorm';
import { Clock } from '@quarry/core';
import { dataSourceOptionsFromUrl } from '@quarry/persistence';
import { createTestDatabase, TestDatabase, testDatabaseEngines } from '@quarry/testing';
import { scrapeEntities, scrapeMigrations } from '../src';
import { DatabaseScrapeCache } from '../src/infrastructure/typeorm/database-scrape.cache';
import { CachedScrape } from '../src/ports/scrape-cache';

class SettableClock extends Clock {
  constructor(public ms: number) {
    super();
  }
  now(): Date {
    return new Date(this.ms);
  }
}

const scraped = (title: string): CachedScrape => ({
  result: {
    finalUrl: 'https://example.com/a',
    title,
    markdown: `# ${title}`,
    html: `<h1>${title}</h1>`,
    contentLength: title.length + 2,
    fetchedAt: '2026-01-02T03:04:05.000Z',
  },
  tier: 'http',
});

/** A request arrives in an event-loop turn of its own. */
const nextRequest = () => new Promise(setImmediate);

const KEY = 'https://example.com/a';
const TTL_MS = 60_000;

describe.each(testDatabaseEngines())('DatabaseScrapeCache on %s', (engine) => {
  let database: TestDatabase;
  /** A second connection to the same database: another instance, or the worker process. */
  let otherDataSource: DataSource;
  let clock: SettableClock;
  let cache: DatabaseScrapeCache;
  let other: DatabaseScrapeCache;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { entities: scrapeEntities, migrations: scrapeMigrations });
    otherDataSource = await new DataSource(
      dataSourceOptionsFromUrl(database.url, { entities: scrapeEntities, migrations: [] }),
    ).initialize();
  });
  afterAll(async () => {
    await otherDataSource.destroy();
    await database.destroy();
  });
  beforeEach(async () => {
    clock = new SettableClock(Date.parse('2026-03-01T00:00:00Z'));
    cache = new DatabaseScrapeCache(database.dataSource, clock);
    other = new DatabaseScrapeCache(otherDataSource, clock);
    await cache.delete(KEY);
  });

  it('answers what was set until it expires', async () => {
    await cache.set(KEY, scraped('First'), TTL_MS);
    expect(await cache.get(KEY)).toEqual(scraped('First'));
    clock.ms += TTL_MS - 1;
    await nextRequest();
    expect(await cache.get(KEY)).toEqual(scraped('First'));
    clock.ms += 1;
    await nextRequest();
    expect(await cache.get(KEY)).toBeUndefined();
  });

  it("sees another instance's refill and invalidation on its next request", async () => {
    await cache.set(KEY, scraped('First'), TTL_MS);
    expect(await cache.get(KEY)).toEqual(scraped('First'));
    await other.set(KEY, scraped('Refilled'), TTL_MS);
    await nextRequest();
    expect(await cache.get(KEY)).toEqual(scraped('Refilled'));
    await other.delete(KEY);
    await nextRequest();
    expect(await cache.get(KEY)).toBeUndefined();
  });

  it("sees another instance's write however many of its own it made", async () => {
    for (const n of [1, 2, 3]) await cache.set(`${KEY}/${n}`, scraped(`Own ${n}`), TTL_MS);
    await cache.set(KEY, scraped('First'), TTL_MS);
    await cache.delete(`${KEY}/2`);
    expect(await cache.get(KEY)).toEqual(scraped('First'));
    await other.set(KEY, scraped('Refilled'), TTL_MS);
    await cache.set(`${KEY}/4`, scraped('Own 4'), TTL_MS);
    await nextRequest();
    expect(await cache.get(KEY)).toEqual(scraped('Refilled'));
    expect(await other.get(`${KEY}/4`)).toEqual(scraped('Own 4'));
    expect(await other.get(`${KEY}/2`)).toBeUndefined();
  });

  it('forgets an invalidated entry at once, and another instance does not answer it either', async () => {
    await cache.set(KEY, scraped('First'), TTL_MS);
    expect(await other.get(KEY)).toEqual(scraped('First'));
    await cache.delete(KEY);
    expect(await cache.get(KEY)).toBeUndefined();
    await nextRequest();
    expect(await other.get(KEY)).toBeUndefined();
  });
});
