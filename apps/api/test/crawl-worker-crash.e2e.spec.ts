import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { FixtureResponse, FixtureServer, startFixtureServer } from '@quarry/testing';
import { eventually, freePort, ServiceProcess, startServiceProcess } from './support/service-process';
import { apiWithAccount, sharedEnv } from './support/shared-services';

const SECTIONS = 10;
const PAGES_PER_SECTION = 20;
/** The home page, its sections, and their pages: every one in scope and linked. */
const SITE_PATHS = [
  '/',
  ...Array.from({ length: SECTIONS }, (_, s) => [
    `/s/${s}`,
    ...Array.from({ length: PAGES_PER_SECTION }, (_, p) => `/s/${s}/p/${p}`),
  ]).flat(),
];

/** A page of the site: its links and enough text to be read as an article. */
function sitePage(path: string): FixtureResponse {
  const [, , section, , page] = path.split('/');
  const links =
    path === '/'
      ? Array.from({ length: SECTIONS }, (_, s) => `/s/${s}`)
      : page === undefined
        ? Array.from({ length: PAGES_PER_SECTION }, (_, p) => `/s/${section}/p/${p}`)
        : ['/', `/s/${section}/p/${(Number(page) + 1) % PAGES_PER_SECTION}`];
  const body = `<!doctype html><html><head><title>Page ${path}</title></head><body>
<nav>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</nav>
<main><article><h1>Page ${path}</h1><p>${`The page at ${path}, long enough to be its main content. `.repeat(5)}</p></article></main></body></html>`;
  return { body, delayMs: 40 };
}

const distributed = process.env.QUARRY_E2E_DATABASE_URL && process.env.QUARRY_E2E_REDIS_URL;

(distributed ? describe : describe.skip)(
  'a crawl on two workers over PostgreSQL and Redis, one SIGKILLed mid-crawl',
  () => {
    let site: FixtureServer;
    let dir: string;
    const processes: ServiceProcess[] = [];

    beforeAll(async () => {
      site = await startFixtureServer({
        '*': (req) => {
          const path = new URL(req.url ?? '/', 'http://site').pathname;
          return SITE_PATHS.includes(path) ? sitePage(path) : { status: 404 };
        },
      });
      dir = mkdtempSync(join(tmpdir(), 'quarry-crawl-crash-'));
    });
    afterAll(async () => {
      await Promise.all(processes.map((p) => p.kill('SIGKILL')));
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('records every in-scope page exactly once and charges each once', async () => {
      const env = {
        ...sharedEnv(dir, site, await freePort()),
        QUARRY_CRAWL_HOST_CONCURRENCY: '4',
        QUARRY_CRAWL_HOST_REQUESTS_PER_SECOND: '50',
      };
      const { base, key } = await apiWithAccount(env, processes, 1000);
      const workers = [1, 2].map(() => startServiceProcess({ ...env, QUARRY_ROLE: 'worker' }));
      processes.push(...workers);
      const accepted = await request(base)
        .post('/v1/api/crawl')
        .auth(key, { type: 'bearer' })
        .send({ url: `${site.origin}/`, limit: 1000, sitemap: 'skip' });
      expect(accepted.status).toBe(202);
      const crawl = `/v1/api/crawl/${accepted.body.jobId}`;

      await eventually(
        async () => (site.hits() >= 60 ? true : undefined),
        60_000,
        `the workers to get under way (${workers[0].stderr()})`,
      );
      await workers[0].kill('SIGKILL');
      const atKill = await request(base).get(crawl).auth(key, { type: 'bearer' });
      expect(atKill.body.status).toBe('running');

      const done = await eventually(
        async () => {
          const response = await request(base).get(crawl).auth(key, { type: 'bearer' });
          return response.body.status === 'completed' ? response.body : undefined;
        },
        120_000,
        `the crawl to complete (${workers[1].stderr()})`,
      );
      expect(done).toMatchObject({
        total: SITE_PATHS.length,
        completed: SITE_PATHS.length,
        failed: 0,
        creditsUsed: SITE_PATHS.length,
      });
      const listed: string[] = [];
      for (let answer = done; ;) {
        listed.push(...answer.pages.map((page: { url: string }) => new URL(page.url).pathname));
        if (!answer.next) break;
        answer = (await request(base).get(crawl).query({ cursor: answer.next }).auth(key, { type: 'bearer' }))
          .body;
      }
      expect(listed.sort()).toEqual([...SITE_PATHS].sort());
      const account = await request(base).get('/v1/api/account').auth(key, { type: 'bearer' });
      expect(account.body.account.credits).toBe(1000 - SITE_PATHS.length);
    }, 240_000);
  },
);
