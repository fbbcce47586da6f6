import { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { WebhookSecretsService } from '@quarry/accounts';
import { FixtureServer, mappedLookup, startFixtureServer } from '@quarry/testing';
import { MapService } from '../src';
import { completedPaths, createCrawlTestContext, CrawlTestContext } from './support/crawl-test-module';
import { Site, startSite } from './support/site-fixture';

interface Received {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  raw: string;
}

describe('crawl results and events', () => {
  let site: Site;
  let receiver: FixtureServer;
  let context: CrawlTestContext;
  const received: Received[] = [];
  const paths = Array.from({ length: 101 }, (_, i) => `/item/${i}`);

  beforeAll(async () => {
    site = await startSite(
      {
        '/': { links: ['/item/0', '/item/1', '/gone'], linkTexts: { '/item/1': 'Pricing plans' } },
        '/gone': { status: 404 },
        ...Object.fromEntries(paths.map((path) => [path, {}])),
      },
      { sitemaps: { '/sitemap.xml': ['{origin}/item/0', '{origin}/item/2'] } },
    );
    receiver = await startFixtureServer({
      '/hook': (request, body) => {
        received.push({
          headers: request.headers,
          body: JSON.parse(body.toString('utf8')),
          raw: body.toString('utf8'),
        });
        return { status: 200 };
      },
    });
    context = await createCrawlTestContext('embedded', {
      allowHosts: [site.server.hostPort, receiver.hostPort],
    });
  });
  afterAll(async () => {
    await context.close();
    await site.close();
    await receiver.close();
  });

  it('signs every event: started, each page, and the final callback with the counts', async () => {
    const account = await context.accounts.create('events@example.com', 100);
    const job = await context.jobs.crawl(account.id, {
      url: site.url('/'),
      maxDepth: 1,
      sitemap: 'skip',
      callback: { url: receiver.url('/hook'), token: 'tok-7' },
    });
    await context.finished(account.id, job.id);
    const mine = () => received.filter((entry) => entry.body.jobId === job.id);
    while (!mine().some((entry) => entry.body.status === 'completed'))
      await new Promise((r) => setTimeout(r, 20));
    while (mine().length < 5) await new Promise((r) => setTimeout(r, 20));

    const verifier = new Webhook(
      (await context.moduleRef.get(WebhookSecretsService).get(account.id)).webhookSecret,
    );
    for (const { headers, raw } of mine()) {
      expect(headers['x-callback-token']).toBe('tok-7');
      expect(() => verifier.verify(raw, headers as Record<string, string>)).not.toThrow();
    }
    const bodies = mine().map((entry) => entry.body);
    expect(bodies.filter((body) => body.event === 'started')).toHaveLength(1);
    const pageEvents = bodies.filter((body) => body.event === 'page');
    expect(pageEvents.map((body) => (body.page as { url: string }).url).sort()).toEqual(
      [site.url('/'), site.url('/gone'), site.url('/item/0'), site.url('/item/1')].sort(),
    );
    expect(
      pageEvents.find((body) => (body.page as { url: string }).url === site.url('/gone'))?.page,
    ).toMatchObject({
      status: 'failed',
      error: 'URL_NOT_FOUND',
    });
    expect(bodies.find((body) => body.status === 'completed')).toEqual({
      jobId: job.id,
      status: 'completed',
      result: { status: 'completed' },
    });
    expect(new Set(mine().map((entry) => entry.headers['webhook-id'])).size).toBe(mine().length);
  });

  it('sends only the events asked for', async () => {
    const account = await context.accounts.create('some-events@example.com', 100);
    const job = await context.jobs.batch(account.id, {
      urls: [site.url('/item/5')],
      callback: { url: receiver.url('/hook'), events: ['page'] },
    });
    await context.finished(account.id, job.id, 'batch');
    while (!received.some((entry) => entry.body.jobId === job.id))
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(received.filter((entry) => entry.body.jobId === job.id).map((entry) => entry.body.event)).toEqual([
      'page',
    ]);
  });

  it('pages the results 100 at a time with a next cursor, each page once', async () => {
    const account = await context.accounts.create('paging@example.com', 1000);
    const job = await context.jobs.batch(account.id, { urls: paths.map((path) => site.url(path)) });
    await context.finished(account.id, job.id, 'batch');

    const first = await context.jobs.status(account.id, 'batch', job.id);
    expect(first).toMatchObject({ total: 101, completed: 101 });
    expect(first.pages).toHaveLength(100);
    const second = await context.jobs.status(account.id, 'batch', job.id, first.next);
    expect(second.pages).toHaveLength(1);
    expect(second.next).toBeUndefined();
    expect(new Set([...first.pages, ...second.pages].map((page) => page.url)).size).toBe(101);
  }, 180_000);

  it('maps a site from its sitemap and start page, ranked by a search of URLs and titles, one credit a map', async () => {
    const account = await context.accounts.create('map@example.com', 10);
    const maps = context.moduleRef.get(MapService);
    const all = await maps.map(account.id, { url: site.url('/') });
    expect(all.links).toEqual([
      site.url('/'),
      site.url('/item/0'),
      site.url('/item/2'),
      site.url('/item/1'),
      site.url('/gone'),
    ]);
    const found = await maps.map(account.id, { url: site.url('/'), search: 'item 2', limit: 1 });
    expect(found.links).toEqual([site.url('/item/2')]);
    const titled = await maps.map(account.id, { url: site.url('/'), search: 'pricing' });
    expect(titled.links).toEqual([site.url('/item/1')]);
    const home = await maps.map(account.id, { url: site.url('/'), search: 'page' });
    expect(home.links).toEqual([site.url('/')]);
    expect(await context.ledger.balance(account.id)).toBe(6);
  }, 60_000);
});

describe('crawl scope over subdomains', () => {
  it('keeps to the start host unless allowSubdomains, and never fetches a subdomain that resolves privately', async () => {
    const site = await startSite({ '/': { links: [] }, '/guide': {} });
    const canary = await startFixtureServer({ '*': { body: 'canary' } });
    const main = `site.test:${site.server.port}`;
    const docs = `docs.site.test:${site.server.port}`;
    site.server.route('/', {
      body: `<html><head><title>Home</title></head><body><main><article><h1>Home</h1><p>${'Home page text that is long enough to be the content. '.repeat(4)}</p>
      <a href="http://${docs}/guide">guide</a> <a href="http://inside.site.test:${canary.port}/">inside</a></article></main></body></html>`,
    });
    const context = await createCrawlTestContext('embedded', {
      allowHosts: [main, docs],
      lookup: mappedLookup({
        'site.test': ['127.0.0.1'],
        'docs.site.test': ['127.0.0.1'],
        'inside.site.test': ['127.0.0.1'],
      }),
    });
    try {
      const account = await context.accounts.create('subdomains@example.com', 100);
      const own = await context.finished(
        account.id,
        (await context.jobs.crawl(account.id, { url: `http://${main}/`, sitemap: 'skip' })).id,
      );
      expect(completedPaths(own)).toEqual(['/']);

      const wide = await context.finished(
        account.id,
        (
          await context.jobs.crawl(account.id, {
            url: `http://${main}/`,
            sitemap: 'skip',
            allowSubdomains: true,
          })
        ).id,
      );
      expect(wide.pages.map((page) => page.url).sort()).toEqual(
        [`http://${docs}/guide`, `http://${main}/`, `http://inside.site.test:${canary.port}/`].sort(),
      );
      expect(wide.pages.find((page) => page.url.includes('inside'))).toMatchObject({ status: 'failed' });
      expect(canary.connections).toBe(0);
    } finally {
      await context.close();
      await site.close();
      await canary.close();
    }
  });
});
