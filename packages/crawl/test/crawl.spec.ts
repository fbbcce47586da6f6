import { FixtureServer, startFixtureServer } from '@quarry/testing';
import {
  completedPaths,
  crawlEngines,
  createCrawlTestContext,
  CrawlTestContext,
} from './support/crawl-test-module';
import { Site, startSite } from './support/site-fixture';
import { CrawlFrontier } from '../src/ports/crawl-frontier';

/** A docs site: a tree three levels deep under /docs/, a blog beside it. */
function docsSite(): Promise<Site> {
  return startSite({
    '/docs/': { links: ['/docs/a', '/docs/b', '/blog/post'] },
    '/docs/a': { links: ['/docs/a/1', '/docs/a/2', '/docs/'] },
    '/docs/b': { links: ['/docs/b/1'] },
    '/docs/a/1': { links: ['/docs/a/1/deep'] },
    '/docs/a/2': {},
    '/docs/b/1': {},
    '/docs/a/1/deep': {},
    '/blog/post': {},
  });
}

describe.each(crawlEngines())('crawls on the %s engine', (engine) => {
  let site: Site;
  let context: CrawlTestContext;

  beforeAll(async () => {
    site = await docsSite();
    context = await createCrawlTestContext(engine, { allowHosts: [site.server.hostPort] });
  });
  afterAll(async () => {
    await context.close();
    await site.close();
  });

  it('crawls the start path and below to maxDepth, each page once, one credit each', async () => {
    const account = await context.accounts.create(`depth-${engine}@example.com`, 100);
    const job = await context.jobs.crawl(account.id, {
      url: site.url('/docs/'),
      maxDepth: 2,
      sitemap: 'skip',
    });
    const view = await context.finished(account.id, job.id);

    expect(completedPaths(view)).toEqual([
      '/docs/',
      '/docs/a',
      '/docs/a/1',
      '/docs/a/2',
      '/docs/b',
      '/docs/b/1',
    ]);
    expect(view).toMatchObject({ status: 'completed', total: 6, completed: 6, failed: 0, creditsUsed: 6 });
    expect(view.next).toBeUndefined();
    expect(site.hits('/blog/post')).toBe(0);
    expect(site.hits('/docs/a/1/deep')).toBe(0);
    expect(await context.ledger.balance(account.id)).toBe(94);
    const page = view.pages.find((entry) => entry.url === site.url('/docs/a'));
    expect(page).toMatchObject({ status: 'completed', title: 'Page /docs/a' });
    expect(page?.status === 'completed' && page.markdown).toContain('This is the page at /docs/a');
  });

  it('stops at limit pages, counting every page found in scope', async () => {
    const account = await context.accounts.create(`limit-${engine}@example.com`, 100);
    const job = await context.jobs.crawl(account.id, { url: site.url('/docs/'), limit: 3, sitemap: 'skip' });
    const view = await context.finished(account.id, job.id);

    expect(view).toMatchObject({ status: 'completed', total: 3, completed: 3, creditsUsed: 3 });
    expect(await context.ledger.balance(account.id)).toBe(97);
  });

  it('ends completed with reason credits when the balance runs out, charging exactly the pages kept', async () => {
    const account = await context.accounts.create(`credits-${engine}@example.com`, 4);
    const job = await context.jobs.crawl(account.id, {
      url: site.url('/docs/'),
      crawlEntireDomain: true,
      sitemap: 'skip',
    });
    const view = await context.finished(account.id, job.id);

    expect(view).toMatchObject({ status: 'completed', reason: 'credits', completed: 4, creditsUsed: 4 });
    expect(view.pages).toHaveLength(4);
    expect(await context.ledger.balance(account.id)).toBe(0);
    expect(await context.ledger.reserved(account.id)).toBe(0);
  });

  it('scrapes a batch once per distinct URL, failed pages listed with their codes', async () => {
    const account = await context.accounts.create(`batch-${engine}@example.com`, 100);
    const job = await context.jobs.batch(account.id, {
      urls: [
        site.url('/docs/a'),
        site.url('/docs/a#top'),
        site.url('/docs/a/'),
        site.url('/docs/b'),
        site.url('/missing'),
      ],
    });
    const view = await context.finished(account.id, job.id, 'batch');

    expect(view).toMatchObject({
      kind: 'batch',
      status: 'completed',
      total: 3,
      completed: 2,
      failed: 1,
      creditsUsed: 2,
    });
    expect(view.pages.find((page) => page.status === 'failed')).toMatchObject({
      url: site.url('/missing'),
      error: 'URL_NOT_FOUND',
    });
    expect(await context.ledger.balance(account.id)).toBe(98);
  });

  it('keeps at most hostConcurrency requests in flight while more pages wait for the host in the worker', async () => {
    const paths = Array.from({ length: 10 }, (_, i) => `/slow/${i}`);
    const slow = await startSite({
      '/slow/': { links: paths },
      ...Object.fromEntries(paths.map((path) => [path, { delayMs: 200 }])),
    });
    // No start interval at this rate: a slot given back goes straight to a page waiting for it.
    const busy = await createCrawlTestContext(engine, {
      allowHosts: [slow.server.hostPort],
      options: { hostConcurrency: 2, hostRequestsPerSecond: 100_000 },
    });
    try {
      const account = await busy.accounts.create(`in-flight-${engine}@example.com`, 100);
      const job = await busy.jobs.crawl(account.id, { url: slow.url('/slow/'), sitemap: 'skip' });
      const view = await busy.finished(account.id, job.id);

      expect(view).toMatchObject({ status: 'completed', completed: 11, creditsUsed: 11 });
      for (const path of paths) expect(slow.hits(path)).toBe(1);
      // Each answer takes 200 ms, so a third arrival within 190 ms would be a third request in flight.
      const arrivals = slow.pageArrivals;
      for (let i = 2; i < arrivals.length; i++)
        expect(arrivals[i] - arrivals[i - 2]).toBeGreaterThanOrEqual(190);
    } finally {
      await busy.close();
      await slow.close();
    }
  });
});

describe('crawl rules', () => {
  let context: CrawlTestContext;
  let canary: FixtureServer;
  const sites: Site[] = [];

  async function site(...args: Parameters<typeof startSite>): Promise<Site> {
    const started = await startSite(...args);
    sites.push(started);
    return started;
  }

  beforeAll(async () => {
    canary = await startFixtureServer({ '*': { body: 'canary' } });
  });
  afterEach(async () => {
    await context?.close();
    await Promise.all(sites.splice(0).map((started) => started.close()));
  });
  afterAll(() => canary.close());

  async function contextFor(...started: Site[]): Promise<CrawlTestContext> {
    context = await createCrawlTestContext('embedded', { allowHosts: started.map((s) => s.server.hostPort) });
    return context;
  }

  /** A crawl of `pageCount` pages that answer after `delayMs`, 2 requests at a time, once 2 pages are completed. */
  async function slowCrawlWithTwoPagesDone(pageCount: number, delayMs: number, email: string) {
    const paths = Array.from({ length: pageCount }, (_, i) => `/p${i}`);
    const slowSite = await site({
      '/': { links: paths },
      ...Object.fromEntries(paths.map((path) => [path, { delayMs }])),
    });
    context = await createCrawlTestContext('embedded', {
      allowHosts: [slowSite.server.hostPort],
      options: { hostConcurrency: 2 },
    });
    const account = await context.accounts.create(email, 100);
    const job = await context.jobs.crawl(account.id, { url: slowSite.url('/'), sitemap: 'skip' });
    while ((await context.jobs.status(account.id, 'crawl', job.id)).completed < 2)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return { slowSite, account, job };
  }

  it('applies includePaths and excludePaths, and crawlEntireDomain opens the host', async () => {
    const blog = await site({
      '/': { links: ['/blog/one', '/blog/drafts/two', '/about'] },
      '/blog/one': {},
      '/blog/drafts/two': {},
      '/about': {},
    });
    const { jobs, accounts, finished } = await contextFor(blog);
    const account = await accounts.create('paths@example.com', 100);
    const job = await jobs.crawl(account.id, {
      url: blog.url('/'),
      includePaths: ['^/blog/'],
      excludePaths: ['/drafts/'],
      sitemap: 'skip',
    });
    expect(completedPaths(await finished(account.id, job.id))).toEqual(['/', '/blog/one']);
    expect(blog.hits('/about')).toBe(0);
    expect(blog.hits('/blog/drafts/two')).toBe(0);
  });

  it('refuses path patterns that could backtrack without end', async () => {
    const blog = await site({ '/': {} });
    const { jobs, accounts } = await contextFor(blog);
    const account = await accounts.create('redos@example.com', 100);
    await expect(
      jobs.crawl(account.id, { url: blog.url('/'), includePaths: ['(a+)+$'] }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('includePaths[0]'),
    });
  });

  it('seeds from sitemaps listed in robots.txt and /sitemap.xml, indexes and gzipped ones; obeys Disallow', async () => {
    const mapped = await site(
      {
        '/': { links: ['/linked'] },
        '/linked': {},
        '/from-index': {},
        '/from-gz': {},
        '/from-default': {},
        '/private/page': {},
      },
      {
        robots: 'User-agent: *\nDisallow: /private/\n\nSitemap: {origin}/sitemap-index.xml\n',
        sitemaps: {
          '/sitemap-index.xml': { index: ['{origin}/pages.xml', '{origin}/more.xml.gz'] },
          '/pages.xml': ['{origin}/from-index', '{origin}/private/page'],
          '/more.xml.gz': ['{origin}/from-gz'],
          '/sitemap.xml': ['{origin}/from-default'],
        },
      },
    );
    const { jobs, accounts, finished } = await contextFor(mapped);
    const account = await accounts.create('sitemaps@example.com', 100);

    const included = await finished(account.id, (await jobs.crawl(account.id, { url: mapped.url('/') })).id);
    expect(completedPaths(included)).toEqual(['/', '/from-default', '/from-gz', '/from-index', '/linked']);
    expect(mapped.hits('/private/page')).toBe(0);

    const only = await finished(
      account.id,
      (await jobs.crawl(account.id, { url: mapped.url('/'), sitemap: 'only' })).id,
    );
    expect(completedPaths(only)).toEqual(['/', '/from-default', '/from-gz', '/from-index']);

    const skipped = await finished(
      account.id,
      (await jobs.crawl(account.id, { url: mapped.url('/'), sitemap: 'skip' })).id,
    );
    expect(completedPaths(skipped)).toEqual(['/', '/linked']);
  });

  it('honours Crawl-delay for Quarry between two requests to the host', async () => {
    const slow = await site(
      { '/': { links: ['/1', '/2', '/3'] }, '/1': {}, '/2': {}, '/3': {} },
      { robots: 'User-agent: Quarry\nCrawl-delay: 0.3\n' },
    );
    const { jobs, accounts, finished } = await contextFor(slow);
    const account = await accounts.create('delay@example.com', 100);
    await finished(account.id, (await jobs.crawl(account.id, { url: slow.url('/'), sitemap: 'skip' })).id);

    expect(slow.pageArrivals).toHaveLength(4);
    const gaps = slow.pageArrivals.slice(1).map((at, index) => at - slow.pageArrivals[index]);
    // Turns are granted 300 ms apart; a busy event loop may send one request a little later after its
    // grant than the next, so arrivals may come a few tens of milliseconds closer.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(250);
  });

  it('spaces every request to a host, robots.txt and sitemaps included, over all the crawls of an account', async () => {
    const shared = await site(
      { '/': { links: ['/1', '/2', '/3'] }, '/1': {}, '/2': {}, '/3': {} },
      {
        robots: 'User-agent: *\nAllow: /\nSitemap: {origin}/pages.xml\n',
        sitemaps: { '/pages.xml': ['{origin}/1', '{origin}/2'] },
      },
    );
    context = await createCrawlTestContext('embedded', {
      allowHosts: [shared.server.hostPort],
      options: { hostConcurrency: 1, hostRequestsPerSecond: 5 },
    });
    const account = await context.accounts.create('budget@example.com', 100);
    const crawls = await Promise.all(
      [1, 2].map(() => context.jobs.crawl(account.id, { url: shared.url('/') })),
    );
    for (const crawl of crawls) await context.finished(account.id, crawl.id);

    // robots.txt once (remembered), /pages.xml and /sitemap.xml for each crawl, four pages each.
    expect(shared.hits('/robots.txt')).toBe(1);
    expect(shared.hits('/pages.xml')).toBe(2);
    expect(shared.arrivals).toHaveLength(1 + 2 + 8);
    // 200 ms apart as the budget starts them, give or take how long each took to arrive.
    const gaps = shared.arrivals.slice(1).map((at, index) => at - shared.arrivals[index]);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(100);
    expect(shared.arrivals.at(-1)! - shared.arrivals[0]).toBeGreaterThanOrEqual(10 * 190);
  });

  it('fetches one page once whatever its spelling, canonical link or redirect, and survives redirect loops', async () => {
    const dupes = await site({
      '/': { links: ['/a', '/a/', '/a#part', '/A%2Fb', '/copy', '/old', '/loop-1'] },
      '/a': {},
      '/A%2Fb': {},
      '/copy': { canonical: '/a' },
      '/old': { redirect: '/a' },
      '/loop-1': { redirect: '/loop-2' },
      '/loop-2': { redirect: '/loop-1' },
    });
    const { jobs, accounts, finished, ledger } = await contextFor(dupes);
    const account = await accounts.create('dupes@example.com', 100);
    const view = await finished(
      account.id,
      (await jobs.crawl(account.id, { url: dupes.url('/'), sitemap: 'skip' })).id,
    );

    // Once for itself, once at the end of /old's redirect: /old then counts as a duplicate, free.
    expect(dupes.hits('/a')).toBe(2);
    expect(dupes.hits('/A%2Fb')).toBe(1);
    expect(
      completedPaths(view).filter((path) => path === '/a' || path === '/copy' || path === '/old'),
    ).toHaveLength(1);
    expect(view.pages.find((page) => page.url === dupes.url('/loop-1'))).toMatchObject({
      status: 'failed',
      error: expect.any(String),
    });
    expect(await ledger.balance(account.id)).toBe(100 - view.completed);
  });

  it('never fetches a link to a private address, even one that resolves from a name in scope', async () => {
    const hostile = await site({
      '/': {
        links: [
          `http://127.0.0.1:${canary.port}/secret`,
          'http://10.0.0.1/admin',
          `http://inside.site.test:${canary.port}/`,
        ],
      },
    });
    context = await createCrawlTestContext('embedded', {
      allowHosts: [hostile.server.hostPort],
      lookup: async (hostname) =>
        [{ address: '127.0.0.1', family: 4 }].filter(() => hostname.endsWith('site.test')),
    });
    const account = await context.accounts.create('ssrf@example.com', 100);
    const job = await context.jobs.crawl(account.id, {
      url: hostile.url('/'),
      crawlEntireDomain: true,
      sitemap: 'skip',
    });
    const view = await context.finished(account.id, job.id);

    expect(canary.connections).toBe(0);
    expect(view.total).toBe(1);
  });

  it('cancels: no page starts after DELETE, pages in flight finish and are charged', async () => {
    const { slowSite, account, job } = await slowCrawlWithTwoPagesDone(12, 300, 'cancel@example.com');
    const cancelled = await context.jobs.cancel(account.id, 'crawl', job.id);
    const arrivedAtCancel = slowSite.pageArrivals.length;
    const view = await context.finished(account.id, job.id);

    expect(cancelled.status).toBe('cancelled');
    expect(view).toMatchObject({ status: 'cancelled', reason: 'cancelled' });
    // A page that took its host slot before the DELETE may reach the site a moment after it answers:
    // at most hostConcurrency of them. Every page that reached the site finished and was charged.
    expect(slowSite.pageArrivals.length).toBeLessThanOrEqual(arrivedAtCancel + 2);
    expect(view.completed).toBe(slowSite.pageArrivals.length);
    expect(view.completed).toBeLessThan(13);
    expect(await context.ledger.balance(account.id)).toBe(100 - view.completed);
  });

  it("drops a cancelled crawl's queued pages without their host turns, once its worker saw it stopped", async () => {
    const { slowSite, account, job } = await slowCrawlWithTwoPagesDone(30, 200, 'cancel-queued@example.com');
    const claim = jest.spyOn(context.moduleRef.get(CrawlFrontier), 'claim');
    await context.jobs.cancel(account.id, 'crawl', job.id);
    const claimsAtCancel = claim.mock.calls.length;
    const view = await context.finished(account.id, job.id);
    // The queued pages come back from the queue within a second, the last host turn long given back.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    expect(view.total - view.completed).toBeGreaterThan(20);
    // Only the pages that held the host's 2 slots, or waited in line for them, when the first of them
    // found the crawl stopped still ask to fetch: 2 + 2.
    expect(claim.mock.calls.length - claimsAtCancel).toBeLessThanOrEqual(2 * 2);
    expect(slowSite.pageArrivals.length).toBe(view.completed);
  });
});
