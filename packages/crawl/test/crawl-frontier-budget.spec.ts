import { createTestDatabase, testDatabaseEngines, TestDatabase } from '@quarry/testing';
import { crawlEntities, crawlMigrations } from '../src';
import { TypeormCrawlFrontier } from '../src/infrastructure/typeorm/typeorm-crawl.frontier';

const LIMIT = 50;
const ADDS = 16;
const URLS_PER_ADD = 20;
const SITE_PAGES = 100;

const found = (i: number) => {
  const url = `https://example.com/page/${i}`;
  return { key: url, url, depth: 1 };
};

describe.each(testDatabaseEngines())('crawl frontier budget on %s', (engine) => {
  let database: TestDatabase;

  afterEach(() => database.destroy());

  it('records each URL once, and exactly the crawl limit, when two workers add overlapping URLs at once', async () => {
    database = await createTestDatabase(engine, { entities: crawlEntities, migrations: crawlMigrations });
    const workers = [
      new TypeormCrawlFrontier(database.dataSource),
      new TypeormCrawlFrontier(database.dataSource),
    ];
    await workers[0].createCrawl(
      'crawl-1',
      { pageLimit: LIMIT, pagePrice: 1 },
      new Date(Date.now() + 60_000),
    );

    const adds = Array.from({ length: ADDS }, (_, i) =>
      workers[i % 2].add(
        'crawl-1',
        Array.from({ length: URLS_PER_ADD }, (_, j) => found((i * 7 + j * 3) % SITE_PAGES)),
      ),
    );
    const ids = (await Promise.all(adds)).flat().map((page) => page.id);

    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(LIMIT);
    expect((await workers[1].counts('crawl-1')).pending).toBe(LIMIT);
    expect(await workers[1].add('crawl-1', [found(SITE_PAGES + 1)])).toEqual([]);
  });

  it('records nothing for a stopped crawl', async () => {
    database = await createTestDatabase(engine, { entities: crawlEntities, migrations: crawlMigrations });
    const frontier = new TypeormCrawlFrontier(database.dataSource);
    await frontier.createCrawl('crawl-1', { pageLimit: LIMIT, pagePrice: 1 }, new Date(Date.now() + 60_000));
    await frontier.stop('crawl-1', 'cancelled');

    expect(await frontier.add('crawl-1', [found(1), found(2)])).toEqual([]);
    expect((await frontier.counts('crawl-1')).pending).toBe(0);
  });
});
