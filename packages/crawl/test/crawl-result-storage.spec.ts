import type { ScrapeResult } from '@quarry/scrape';
import { createTestDatabase, testDatabaseEngines, TestDatabase } from '@quarry/testing';
import { crawlEntities, crawlMigrations } from '../src';
import { TypeormCrawlFrontier } from '../src/infrastructure/typeorm/typeorm-crawl.frontier';

const URL = 'https://example.com/long-article';

/** A result the size of a long article's: about 100 KB of Markdown and HTML. */
function longResult(): ScrapeResult {
  const paragraph = 'Crawled pages keep their Markdown and their cleaned HTML for the results. ';
  const markdown = paragraph.repeat(700);
  return {
    url: URL,
    finalUrl: URL,
    title: 'A long article',
    markdown,
    html: `<article><p>${paragraph.repeat(600)}</p></article>`,
    contentLength: markdown.length,
    fetchedAt: new Date(0).toISOString(),
    cached: false,
  };
}

describe.each(testDatabaseEngines())('crawl results stored on %s', (engine) => {
  let database: TestDatabase;

  afterEach(() => database.destroy());

  it('gives a long result back as recorded, compressed with LZ4 where PostgreSQL has it', async () => {
    database = await createTestDatabase(engine, { entities: crawlEntities, migrations: crawlMigrations });
    const frontier = new TypeormCrawlFrontier(database.dataSource);
    await frontier.createCrawl('crawl-1', { pageLimit: 1, pagePrice: 1 }, new Date(Date.now() + 60_000));
    const [page] = await frontier.add('crawl-1', [{ key: URL, url: URL, depth: 0 }]);
    const result = longResult();

    expect(await frontier.record('crawl-1', page.id, { status: 'completed', result })).toBe(true);

    expect(await frontier.recorded('crawl-1', page.id)).toEqual({ status: 'completed', ...result });
    if (engine === 'postgres') {
      const [{ lz4 }] = await database.dataSource.query(
        "SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'",
      );
      const [{ method }] = await database.dataSource.query(
        'SELECT pg_column_compression(result) AS method FROM quarry_crawl_pages WHERE page_id = $1',
        [page.id],
      );
      expect(method).toBe(lz4 ? 'lz4' : 'pglz');
    }
  });
});
