import { INestApplication } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { AccountsModule, AccountsService, accountsEntities, accountsMigrations } from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { CrawlJobsService, CrawlModule, crawlEntities, crawlMigrations } from '@quarry/crawl';
import { MonitorModule, monitorEntities, monitorMigrations } from '@quarry/monitor';
import { NetModule } from '@quarry/net';
import { DatabaseQueueModule, queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import { ScrapeModule, scrapeEntities, scrapeMigrations } from '@quarry/scrape';
import {
  createTestDatabase,
  eventually,
  type FixtureServer,
  html,
  startFixtureServer,
  type TestDatabase,
  testDataSourceModule,
} from '@quarry/testing';
import { DashboardHttpModule, DashboardModule, dashboardEntities, dashboardMigrations } from '../src';
import { DashboardSessions } from '../src/domain/dashboard-sessions.service';

/** Pages the site's start page links to: more than one answer of results (100) holds. */
const LINKED_PAGES = 110;
const CRAWL_LIMIT = 101;

const article = (title: string, path: string, links: string[] = []) =>
  html(`<!doctype html><html><head><title>${title}</title></head><body>
<nav><ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></nav>
<main><article><h1>${title}</h1>
<p>${`This is the page at ${path}, with a paragraph long enough to be read as the main content of the page. `.repeat(4)}</p>
</article></main></body></html>`);

/** A signed-in browser: its session cookie and the CSRF token its forms carry. */
interface Holder {
  accountId: string;
  cookie: string;
  csrf: string;
}

/** The words a person reads in an answer: tags dropped, entities of the escaping decoded, spaces collapsed. */
const textOf = (body: string) =>
  body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The `href` of every link matching `pattern` in the answer, decoded. */
const hrefs = (body: string, pattern: RegExp) =>
  [...body.matchAll(/href="([^"]*)"/g)]
    .map((match) => match[1].replace(/&amp;/g, '&'))
    .filter((href) => pattern.test(href));

describe('the dashboard’s crawls and batch scrapes', () => {
  let site: FixtureServer;
  let database: TestDatabase;
  let app: INestApplication;
  let jobs: CrawlJobsService;
  let holder: Holder;
  let other: Holder;
  /** An account whose balance runs out during its crawl. */
  let thrifty: Holder;

  const get = (who: Holder, path: string) =>
    request(app.getHttpServer()).get(`/dashboard${path}`).set('cookie', who.cookie);
  const post = (who: Holder, path: string, form: Record<string, string>) =>
    request(app.getHttpServer()).post(`/dashboard${path}`).set('cookie', who.cookie).type('form').send(form);
  const ended = (accountId: string, jobId: string) =>
    eventually(async () => {
      const { status } = await jobs.entry(accountId, jobId);
      return status !== 'queued' && status !== 'running';
    }, 90_000);

  beforeAll(async () => {
    const links = Array.from({ length: LINKED_PAGES }, (_, i) => `/p/${i}`);
    site = await startFixtureServer({
      '/': article('The start page', '/', links),
      '/p/0': article('Tom &amp; &lt;Jerry&gt;', '/p/0'),
      '/slow': article(
        'A slow site',
        '/slow',
        links.map((link) => `/slow${link}`),
      ),
    });
    for (const link of links.slice(1)) site.route(link, article(`Page ${link}`, link));
    for (const link of links) site.route(`/slow${link}`, { ...article(`Slow ${link}`, link), delayMs: 1500 });

    database = await createTestDatabase('sqlite', {
      entities: [
        ...queueDbEntities,
        ...accountsEntities,
        ...scrapeEntities,
        ...crawlEntities,
        ...monitorEntities,
        ...dashboardEntities,
      ],
      migrations: [
        ...queueDbMigrations,
        ...accountsMigrations,
        ...scrapeMigrations,
        ...crawlMigrations,
        ...monitorMigrations,
        ...dashboardMigrations,
      ],
    });
    const moduleRef = await Test.createTestingModule({
      imports: [
        testDataSourceModule(database.dataSource),
        QuarryCoreModule,
        QuarryDataSourceModule,
        DatabaseQueueModule.forRoot({ pollIntervalMs: 20, shutdownGraceMs: 5000 }),
        NetModule.forRoot({ allowHosts: [site.hostPort], isGlobal: true }),
        BrowserModule.forRoot({ isGlobal: true, maxPages: 1 }),
        AccountsModule.forRoot({}),
        ScrapeModule.forRoot({ readingThreads: 1 }),
        CrawlModule.forRoot({ hostConcurrency: 4, hostRequestsPerSecond: 200, progressPollMs: 50 }),
        MonitorModule.forRoot({ runScheduler: false }),
        DashboardModule.forRoot({}),
        DashboardHttpModule,
        RouterModule.register([{ path: 'dashboard', module: DashboardHttpModule }]),
      ],
    }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
    jobs = app.get(CrawlJobsService);
    const signIn = async (email: string, balance: number): Promise<Holder> => {
      const accountId = (await app.get(AccountsService).create(email, balance)).id;
      const { token, session } = await app.get(DashboardSessions).start(accountId);
      return { accountId, cookie: `quarry_session=${token}`, csrf: session.csrfToken };
    };
    holder = await signIn('holder@example.com', 1000);
    other = await signIn('other@example.com', 1000);
    thrifty = await signIn('thrifty@example.com', 3);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await site?.close();
  });

  let crawlId: string;

  it('lists the account’s crawls and batches on the jobs page, newest first, with their progress and credits', async () => {
    crawlId = (
      await jobs.crawl(holder.accountId, { url: `${site.origin}/`, limit: CRAWL_LIMIT, maxDepth: 1 })
    ).id;
    await ended(holder.accountId, crawlId);
    const batchId = (
      await jobs.batch(holder.accountId, {
        urls: [`${site.origin}/p/1`, `${site.origin}/p/2`, `${site.origin}/p/1#top`],
      })
    ).id;
    await ended(holder.accountId, batchId);
    const thriftyId = (
      await jobs.crawl(thrifty.accountId, { url: `${site.origin}/`, limit: 10, maxDepth: 1 })
    ).id;
    await ended(thrifty.accountId, thriftyId);

    const page = await get(holder, '/jobs');
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    const table = text.slice(text.indexOf('Recent crawls and batch scrapes, newest first'));
    expect(table).toContain('Submitted Kind Pages asked for Status Scraped Failed Credits used');
    const [batch, crawl] = table.split(/ (?=\d{4}-\d\d-\d\d \d\d:\d\d UTC)/).slice(1);
    expect(batch).toMatch(/^\S+ \S+ UTC Batch scrape 2 URLs Completed 2 of 2 pages 0 2 credits\s*$/);
    expect(crawl).toMatch(
      new RegExp(
        `^\\S+ \\S+ UTC Crawl ${site.origin}/ Completed ${CRAWL_LIMIT} of ${CRAWL_LIMIT} pages 0 ${CRAWL_LIMIT} credits\\s*$`,
      ),
    );
    expect(hrefs(page.text, /\/crawls\//)).toEqual([
      `/dashboard/crawls/${batchId}`,
      `/dashboard/crawls/${crawlId}`,
    ]);

    const thrifts = textOf((await get(thrifty, '/jobs')).text);
    expect(thrifts).toContain('Completed Stopped when the balance ran out. 3 of 10 pages 0 3 credits');
  }, 120_000);

  it('shows a crawl’s pages 100 at a time with a link to the next ones, and each page’s Markdown, escaped', async () => {
    const first = await get(holder, `/crawls/${crawlId}`);
    expect(first.status).toBe(200);
    const text = textOf(first.text);
    expect(text).toContain(`Crawl of ${site.origin}/`);
    expect(text).toContain(
      `Status Completed Scraped ${CRAWL_LIMIT} of ${CRAWL_LIMIT} pages Failed 0 pages Credits used ${CRAWL_LIMIT} credits`,
    );
    expect(first.text).not.toContain('/cancel"');
    const markdownLinks = hrefs(first.text, /\/pages\/\d+$/);
    expect(markdownLinks).toHaveLength(100);
    expect(first.text).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(first.text).not.toContain('<Jerry>');

    const [next] = hrefs(first.text, /\?cursor=/);
    const rest = await request(app.getHttpServer())
      .get(next.replace(/#pages$/, ''))
      .set('cookie', holder.cookie);
    expect(rest.status).toBe(200);
    const restLinks = hrefs(rest.text, /\/pages\/\d+\?cursor=/);
    expect(restLinks).toHaveLength(CRAWL_LIMIT - 100);
    expect(hrefs(rest.text, /#pages$/)).toEqual([`/dashboard/crawls/${crawlId}#pages`]);

    const listed = [first, rest].flatMap((answer) =>
      [...answer.text.matchAll(/<td data-label="URL" class="secret">([^<]*)</g)].map((m) => m[1]),
    );
    expect(new Set(listed).size).toBe(CRAWL_LIMIT);

    const tom = [...markdownLinks, ...restLinks][listed.indexOf(`${site.origin}/p/0`)];
    const markdown = await request(app.getHttpServer()).get(tom).set('cookie', holder.cookie);
    expect(markdown.status).toBe(200);
    expect(markdown.text).toContain('<title>Tom &amp; &lt;Jerry&gt; · Quarry</title>');
    expect(textOf(markdown.text)).toContain('This is the page at /p/0, with a paragraph long enough');
    const last = await request(app.getHttpServer()).get(restLinks[0]).set('cookie', holder.cookie);
    expect(textOf(last.text)).toContain(`URL ${listed[100]}`);
    expect((await get(holder, `/crawls/${crawlId}/pages/100`)).status).toBe(404);
  });

  it('cancels a running crawl after a confirm step, and only with the CSRF token', async () => {
    const id = (await jobs.crawl(holder.accountId, { url: `${site.origin}/slow`, limit: 50, maxDepth: 1 }))
      .id;
    await eventually(
      async () => textOf((await get(holder, `/crawls/${id}`)).text).includes('Status Running'),
      30_000,
    );

    expect((await post(holder, `/crawls/${id}/cancel`, {})).status).toBe(403);
    const confirm = await post(holder, `/crawls/${id}/cancel`, { _csrf: holder.csrf });
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.text)).toContain(
      `Cancel the crawl of ${site.origin}/slow? No page starts after this`,
    );
    expect((await jobs.entry(holder.accountId, id)).status).toBe('running');

    const done = await post(holder, `/crawls/${id}/cancel`, { _csrf: holder.csrf, confirm: 'yes' });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`/dashboard/crawls/${id}?notice=cancelled`);
    const after = await get(holder, `/crawls/${id}?notice=cancelled`);
    expect(textOf(after.text)).toContain('Cancelled: no page starts now');
    expect(textOf(after.text)).toContain('Status Cancelled');
    expect(after.text).not.toContain('/cancel"');
    await ended(holder.accountId, id);
    expect((await jobs.entry(holder.accountId, id)).completed).toBeLessThan(50);
  }, 60_000);

  it('answers 404 for another account’s crawl on every route, and leaves it alone', async () => {
    const id = (await jobs.crawl(other.accountId, { url: `${site.origin}/slow`, limit: 5, maxDepth: 1 })).id;
    expect((await get(holder, `/crawls/${id}`)).status).toBe(404);
    expect((await get(holder, `/crawls/${id}/pages/0`)).status).toBe(404);
    const cancel = await post(holder, `/crawls/${id}/cancel`, { _csrf: holder.csrf, confirm: 'yes' });
    expect(cancel.status).toBe(404);
    expect(textOf(cancel.text)).toContain('No such job.');
    expect((await get(holder, '/crawls/unknown-id')).status).toBe(404);
    expect((await jobs.entry(other.accountId, id)).status).not.toBe('cancelled');
    expect((await get(holder, '/jobs')).text).not.toContain(`/dashboard/crawls/${id}`);
    await jobs.cancel(other.accountId, 'crawl', id);
  });
});
