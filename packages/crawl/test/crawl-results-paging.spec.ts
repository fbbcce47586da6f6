import type { ScrapeResult } from '@quarry/scrape';
import { createTestDatabase, testDatabaseEngines, TestDatabase } from '@quarry/testing';
import { crawlEntities, crawlMigrations } from '../src';
import { CreateCrawlTables1766500000000 } from '../src/infrastructure/typeorm/migrations/1766500000000-create-crawl-tables.migration';
import { PageCrawlResultsBySequence1766600000000 } from '../src/infrastructure/typeorm/migrations/1766600000000-page-crawl-results-by-sequence.migration';
import { pageIdOf, TypeormCrawlFrontier } from '../src/infrastructure/typeorm/typeorm-crawl.frontier';

const PAGES = 400;
const RECORDERS = 16;
const PER_ANSWER = 7;

const urlOf = (i: number) => `https://example.com/page/${i}`;
const resultOf = (url: string): ScrapeResult => ({
  url,
  finalUrl: url,
  title: url,
  markdown: `# ${url}`,
  html: '',
  contentLength: 0,
  fetchedAt: new Date(0).toISOString(),
  cached: false,
});

describe.each(testDatabaseEngines())('crawl results paged on %s', (engine) => {
  let database: TestDatabase;

  afterEach(() => database.destroy());

  it('lists every recorded page exactly once to a reader following next while workers record at once', async () => {
    database = await createTestDatabase(engine, { entities: crawlEntities, migrations: crawlMigrations });
    const frontier = new TypeormCrawlFrontier(database.dataSource);
    await frontier.createCrawl('crawl-1', { pageLimit: PAGES, pagePrice: 1 }, new Date(Date.now() + 60_000));
    const added = await frontier.add(
      'crawl-1',
      Array.from({ length: PAGES }, (_, i) => ({ key: urlOf(i), url: urlOf(i), depth: 0 })),
    );
    expect(added).toHaveLength(PAGES);

    const waiting = [...added];
    let recording = true;
    const recorders = Array.from({ length: RECORDERS }, async () => {
      for (let page = waiting.shift(); page; page = waiting.shift()) {
        const outcome =
          Number(page.url.split('/').at(-1)) % 10 === 0
            ? { status: 'failed' as const, error: 'ORIGIN_ERROR', message: 'no' }
            : { status: 'completed' as const, result: resultOf(page.url) };
        expect(await frontier.record('crawl-1', page.id, outcome)).toBe(true);
      }
    });
    const listed: string[] = [];
    const reader = (async () => {
      let cursor: string | undefined;
      for (;;) {
        const stillRecording = recording;
        const answer = await frontier.results('crawl-1', cursor, PER_ANSWER);
        listed.push(...answer.pages.map((page) => page.url));
        cursor = answer.cursor;
        if (!stillRecording && answer.pages.length === 0) return;
      }
    })();
    await Promise.all([Promise.all(recorders).finally(() => (recording = false)), reader]);

    expect(listed).toHaveLength(PAGES);
    expect(new Set(listed).size).toBe(PAGES);
    expect(await frontier.record('crawl-1', added[0].id, { status: 'duplicate' })).toBe(false);
  }, 120_000);

  it('keeps the order of the pages recorded before the upgrade, and pages recorded after come next', async () => {
    database = await createTestDatabase(engine, {
      entities: crawlEntities,
      migrations: [CreateCrawlTables1766500000000],
    });
    const frontier = new TypeormCrawlFrontier(database.dataSource);
    await frontier.createCrawl('crawl-2', { pageLimit: 10, pagePrice: 1 }, new Date(Date.now() + 60_000));
    await frontier.add(
      'crawl-2',
      [0, 1, 2, 3].map((i) => ({ key: urlOf(i), url: urlOf(i), depth: 0 })),
    );
    // Recorded as the first schema did: page 2 at 100, pages 1 and 0 together at 200, page 3 not yet.
    const placeholders = engine === 'postgres' ? ['$1', '$2', '$3'] : ['?', '?', '?'];
    for (const [i, at] of [
      [2, 100],
      [1, 200],
      [0, 200],
    ])
      await database.dataSource.query(
        `UPDATE quarry_crawl_pages SET status = 'completed', result = ${placeholders[0]}, recorded_at = ${placeholders[1]} WHERE page_id = ${placeholders[2]}`,
        [JSON.stringify(resultOf(urlOf(i))), at, pageIdOf(urlOf(i))],
      );
    const runner = database.dataSource.createQueryRunner();
    await new PageCrawlResultsBySequence1766600000000().up(runner);
    await runner.release();

    const byTime = [urlOf(2), ...[urlOf(0), urlOf(1)].sort((a, b) => pageIdOf(a).localeCompare(pageIdOf(b)))];
    const first = await frontier.results('crawl-2', undefined, 2);
    expect(first.pages.map((page) => page.url)).toEqual(byTime.slice(0, 2));
    await frontier.record('crawl-2', pageIdOf(urlOf(3)), {
      status: 'completed',
      result: resultOf(urlOf(3)),
    });
    const rest = await frontier.results('crawl-2', first.cursor, 10);
    expect(rest.pages.map((page) => page.url)).toEqual([byTime[2], urlOf(3)]);
  });
});
