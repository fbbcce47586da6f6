import { existsSync, readFileSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { PublicUrlPolicy } from '@quarry/net';
import { eventually, html, processTree, startFixtureServer, type FixtureServer } from '@quarry/testing';
import type { BrowserContext } from 'puppeteer-core';
import { BrowserPool, type BrowserError } from '../src';

let site: FixtureServer;
let policy: PublicUrlPolicy;

/** The temporary profile a running Chromium was started with. */
function userDataDirOf(pid: number): string {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const flag = args.find((arg) => arg.startsWith('--user-data-dir='));
  if (!flag) throw new Error(`Chromium ${pid} has no --user-data-dir`);
  return flag.slice('--user-data-dir='.length);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  Logger.overrideLogger(['error']);
  site = await startFixtureServer({
    '/': html('<!doctype html><title>Home</title><p>home</p>'),
    '/loop': html('<!doctype html><title>Loop</title><script>while (true) {}</script>'),
  });
  policy = new PublicUrlPolicy({ allowHosts: [`127.0.0.1:${site.port}`] });
});

afterAll(async () => {
  await site?.close();
  Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
});

/** Until no job holds a slot (cleaning up included) and every open context is an idle, reusable one. */
const idle = (pool: BrowserPool) =>
  eventually(() => pool.stats().activeJobs === 0 && pool.stats().openContexts === pool.stats().idleContexts);

const titleOfHome = (pool: BrowserPool, timeoutMs = 10_000) =>
  pool.withPage(
    async (page) => {
      await page.goto(site.url('/'));
      return page.title();
    },
    { timeoutMs },
  );

describe('BrowserPool', () => {
  let pool: BrowserPool;

  beforeAll(() => {
    pool = new BrowserPool(policy, { maxPages: 3, maxQueue: 2 });
  });
  afterAll(() => pool.close());

  it('starts no browser until the first job', async () => {
    expect(pool.stats()).toMatchObject({ launched: false, pid: null, launches: 0 });
    await expect(pool.health()).resolves.toMatchObject({ status: 'idle' });
  });

  it('gives each job a page of an incognito context with the default viewport, kept for the next job', async () => {
    const seen = await pool.withPage(
      async (page, job) => ({
        viewport: page.viewport(),
        contexts: pool.stats().openContexts,
        incognito: job.context !== page.browser().defaultBrowserContext(),
        remaining: job.remainingMs(),
      }),
      { timeoutMs: 10_000 },
    );
    expect(seen.viewport).toMatchObject({ width: 1280, height: 800, deviceScaleFactor: 1 });
    expect(seen).toMatchObject({ contexts: 1, incognito: true });
    expect(seen.remaining).toBeGreaterThan(0);
    await idle(pool);
    expect(pool.stats()).toMatchObject({ launched: true, openContexts: 1, idleContexts: 1 });
    await expect(pool.health()).resolves.toMatchObject({
      status: 'up',
      version: expect.stringMatching(/Chrom/),
    });
  });

  it('runs at most maxPages jobs at once and refuses beyond the queue with BUSY', async () => {
    await idle(pool);
    let running = 0;
    let peak = 0;
    const job = () =>
      pool.withPage(
        async (page) => {
          running += 1;
          peak = Math.max(peak, running);
          await page.goto(site.url('/'));
          // Hold the page until all slots are taken (however slow the machine), so overlap is certain.
          await eventually(() => peak === 3, 10_000).catch(() => undefined);
          await sleep(100);
          running -= 1;
          return page.title();
        },
        { timeoutMs: 20_000 },
      );
    const accepted = Array.from({ length: 5 }, job);
    expect(pool.stats()).toMatchObject({ activeJobs: 3, queuedJobs: 2 });
    const refused = (await job().catch((error) => error)) as BrowserError;
    expect(refused).toMatchObject({ name: 'BrowserError', code: 'BUSY' });
    await expect(Promise.all(accepted)).resolves.toEqual(Array(5).fill('Home'));
    expect(peak).toBe(3);
    await idle(pool);
    expect(pool.stats()).toMatchObject({ queuedJobs: 0, openContexts: 3, idleContexts: 3 });
  });

  it('cuts a page that loops forever at the deadline with TIMEOUT, then serves the next job', async () => {
    await expect(
      pool.withPage(
        async (page) => {
          await page.goto(site.url('/loop'), { timeout: 0 });
          return page.evaluate('document.title');
        },
        { timeoutMs: 2_000 },
      ),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
    await expect(titleOfHome(pool)).resolves.toBe('Home');
    await idle(pool);
  });

  it('counts the wait in the queue against the deadline', async () => {
    await idle(pool);
    const blockers = Array.from({ length: 3 }, () => pool.withPage(() => sleep(800), { timeoutMs: 10_000 }));
    await expect(pool.withPage(async () => 'never', { timeoutMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    await Promise.all(blockers);
  });

  it('passes errors thrown by the job through unchanged and keeps its context for the next job', async () => {
    await idle(pool);
    const own = new Error('my own failure');
    let failed: BrowserContext | undefined;
    await expect(
      pool.withPage(async (_page, job) => {
        failed = job.context;
        throw own;
      }),
    ).rejects.toBe(own);
    await idle(pool);
    const next = await pool.withPage(async (_page, job) => job.context);
    expect(next).toBe(failed);
    expect(failed?.closed).toBe(false);
  });

  it('closes the context of a job cut at its deadline instead of reusing it', async () => {
    let cut: BrowserContext | undefined;
    await expect(
      pool.withPage(
        async (_page, job) => {
          cut = job.context;
          await sleep(5_000);
        },
        { timeoutMs: 300 },
      ),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
    await idle(pool);
    expect(cut?.closed).toBe(true);
  });

  it('fails the job in flight with CRASHED when Chromium dies, and relaunches for the next', async () => {
    await titleOfHome(pool);
    const { pid, launches } = pool.stats();
    expect(pid).toEqual(expect.any(Number));
    let reached!: () => void;
    const inWork = new Promise<void>((resolve) => (reached = resolve));
    const doomed = pool.withPage(
      async (page) => {
        await page.goto(site.url('/'));
        reached();
        await sleep(20_000);
      },
      { timeoutMs: 25_000 },
    );
    await inWork;
    process.kill(pid as number, 'SIGKILL');
    await expect(doomed).rejects.toMatchObject({ code: 'CRASHED' });
    await expect(titleOfHome(pool)).resolves.toBe('Home');
    expect(pool.stats()).toMatchObject({ launched: true, launches: launches + 1 });
    expect(pool.stats().pid).not.toBe(pid);
    await eventually(() => processTree(pid as number).length === 0);
  });

  it('leaves no contexts beyond maxPages and no extra processes behind after many jobs', async () => {
    const runBatch = (count: number) =>
      Promise.all(
        Array.from({ length: count }, async () => {
          for (;;) {
            try {
              return await titleOfHome(pool, 20_000);
            } catch (error) {
              if ((error as BrowserError).code !== 'BUSY') throw error;
              await sleep(50);
            }
          }
        }),
      );
    await runBatch(4);
    await sleep(500);
    const pid = pool.stats().pid as number;
    const before = processTree(pid).length;
    await expect(runBatch(30)).resolves.toEqual(Array(30).fill('Home'));
    await sleep(500);
    await idle(pool);
    expect(pool.stats()).toMatchObject({ pid, queuedJobs: 0 });
    expect(pool.stats().openContexts).toBeLessThanOrEqual(3);
    expect(processTree(pid).length).toBeLessThanOrEqual(before + 1);
  }, 60_000);

  it('on shutdown fails running and queued jobs, closes Chromium and leaves no profile behind', async () => {
    const pid = pool.stats().pid as number;
    expect(processTree(pid).length).toBeGreaterThan(0);
    const profile = userDataDirOf(pid);
    expect(existsSync(profile)).toBe(true);
    let started = 0;
    const jobs = Array.from({ length: 4 }, () =>
      pool
        .withPage(
          async () => {
            started += 1;
            await sleep(20_000);
          },
          { timeoutMs: 25_000 },
        )
        .catch((error: BrowserError) => error.code),
    );
    await eventually(() => started === 3, 15_000);
    expect(pool.stats()).toMatchObject({ activeJobs: 3, queuedJobs: 1 });

    await pool.onApplicationShutdown();
    await expect(Promise.all(jobs)).resolves.toEqual(Array(4).fill('UNAVAILABLE'));
    await eventually(() => processTree(pid).length === 0, 10_000);
    expect(pool.stats()).toMatchObject({ launched: false, pid: null, openContexts: 0, idleContexts: 0 });
    expect(existsSync(profile)).toBe(false);
    await expect(titleOfHome(pool)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(pool.health()).resolves.toMatchObject({ status: 'down' });
  });
});

describe('BrowserPool recycling', () => {
  let pool: BrowserPool;

  beforeAll(() => {
    pool = new BrowserPool(policy, { maxPages: 2, jobsPerBrowser: 3 });
  });
  afterAll(() => pool.close());

  it('replaces the browser after jobsPerBrowser jobs, once its jobs in flight have finished', async () => {
    await titleOfHome(pool);
    await titleOfHome(pool);
    const first = pool.stats().pid as number;
    let finishSlow!: () => void;
    const slow = pool.withPage(
      async (page) => {
        await page.goto(site.url('/'));
        await new Promise<void>((resolve) => (finishSlow = resolve));
        return page.title();
      },
      { timeoutMs: 20_000 },
    );
    await eventually(() => finishSlow !== undefined);

    await expect(titleOfHome(pool)).resolves.toBe('Home');
    const second = pool.stats().pid as number;
    expect(second).not.toBe(first);
    expect(pool.stats()).toMatchObject({ launches: 2, browsers: 2, jobsOnBrowser: 1 });
    expect(processTree(first).length).toBeGreaterThan(0);

    finishSlow();
    await expect(slow).resolves.toBe('Home');
    await eventually(() => processTree(first).length === 0 && pool.stats().browsers === 1);
  });
});

describe('BrowserPool without Chromium', () => {
  it('fails jobs with UNAVAILABLE naming QUARRY_CHROMIUM_PATH and reports itself down', async () => {
    const pool = new BrowserPool(policy, { chromiumPath: '/nowhere/chromium' });
    const failure = (await pool.withPage(async () => 'x').catch((error) => error)) as BrowserError;
    expect(failure).toMatchObject({ code: 'UNAVAILABLE' });
    expect(failure.message).toContain('QUARRY_CHROMIUM_PATH');
    await expect(pool.health()).resolves.toMatchObject({ status: 'down' });
    await pool.close();
  });

  it('refuses invalid options when created', () => {
    expect(() => new BrowserPool(policy, { maxPages: 0 })).toThrow(/maxPages/);
    expect(() => new BrowserPool(policy, { jobsPerContext: 0 })).toThrow(/jobsPerContext/);
    expect(() => new BrowserPool(policy, { extraArgs: ['--proxy-server=direct://'] })).toThrow(
      /--proxy-server/,
    );
    expect(() => new BrowserPool(policy, { wsEndpoint: 'http://x' })).toThrow(/wsEndpoint/);
  });
});
