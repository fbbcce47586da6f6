import { AccountsService } from '@quarry/accounts';
import { closeReport, eventually, FixtureServer, slowWorkRoutes, startFixtureServer } from '@quarry/testing';
import { ScrapeJobsService, ScrapeService } from '../src';
import { createScrapeTestContext, scrapeEngines } from './scrape-test-module';

describe.each(scrapeEngines())('ScrapeModule on the %s engine closes cleanly', (engine) => {
  let origin: FixtureServer;

  beforeAll(async () => {
    origin = await startFixtureServer(slowWorkRoutes());
  });
  afterAll(() => origin.close());

  it('right after it starts, while its connections are still opening', async () => {
    const report = await closeReport(async () => {
      const context = await createScrapeTestContext([origin.hostPort], engine);
      await context.close();
    });
    expect(report).toEqual({ leaked: [] });
  });

  // Its budget: start-up, up to 10 s for the work to get under way, the close, up to 10 s to settle.
  it('while a fetch, a browser render and an async job are under way', async () => {
    const report = await closeReport(async () => {
      const context = await createScrapeTestContext([origin.hostPort], engine);
      const scraper = context.moduleRef.get(ScrapeService);
      const account = await context.moduleRef.get(AccountsService).create('close@example.com', 10);
      const fetching = scraper
        .scrape(account.id, { url: origin.url('/slow'), timeoutMs: 30_000 })
        .catch(() => undefined);
      const rendering = scraper
        .scrape(account.id, { url: origin.url('/shell'), waitForSelector: 'p', timeoutMs: 30_000 })
        .catch(() => undefined);
      await context.moduleRef
        .get(ScrapeJobsService)
        .submit(account.id, { url: origin.url('/slow?job'), callbackUrl: origin.url('/hook') });
      await eventually(() => origin.hits('/slow') >= 2 && origin.hits('/slow.js') >= 1, 10_000);
      await context.close();
      await Promise.all([fetching, rendering]);
    });
    expect(report).toEqual({ leaked: [] });
  }, 60_000);
});
