import { Logger } from '@nestjs/common';
import { PublicUrlPolicy } from '@quarry/net';
import { eventually, html, startFixtureServer, type FixtureServer } from '@quarry/testing';
import type { BrowserContext } from 'puppeteer-core';
import { BrowserPool } from '../src';

let site: FixtureServer;
let other: FixtureServer;
let policy: PublicUrlPolicy;

// Reads what earlier visits may have left in every kind of state, then leaves some of each behind.
const REPORT = `window.report = async () => {
  const db = await new Promise((resolve) => {
    const open = indexedDB.open('quarry');
    open.onupgradeneeded = () => open.result.createObjectStore('store');
    open.onsuccess = () => resolve(open.result);
  });
  const stored = await new Promise((resolve) => {
    const get = db.transaction('store').objectStore('store').get('key');
    get.onsuccess = () => resolve(get.result ?? null);
  });
  db.transaction('store', 'readwrite').objectStore('store').put('left behind', 'key');
  const cacheNames = await caches.keys();
  await (await caches.open('quarry')).put('/cached', new Response('left behind'));
  const state = {
    cookie: document.cookie,
    localStorage: localStorage.getItem('key'),
    sessionStorage: sessionStorage.getItem('key'),
    indexedDB: stored,
    cacheStorage: cacheNames,
    windowName: window.name,
    historyLength: history.length,
    frame: await window.frameSaw,
  };
  document.cookie = 'key=left-behind; max-age=3600';
  localStorage.setItem('key', 'left behind');
  sessionStorage.setItem('key', 'left behind');
  window.name = 'left behind';
  return state;
};`;

const CLEAN = {
  cookie: '',
  localStorage: null,
  sessionStorage: null,
  indexedDB: null,
  cacheStorage: [],
  windowName: '',
  historyLength: expect.any(Number),
  frame: null,
};

beforeAll(async () => {
  Logger.overrideLogger(['error']);
  other = await startFixtureServer({
    // Another origin in an iframe: its storage must go too.
    '/frame': html(
      `<script>parent.postMessage(localStorage.getItem('key'), '*'); localStorage.setItem('key', 'left behind');</script>`,
    ),
  });
  site = await startFixtureServer({
    '/': html('<!doctype html><title>Home</title><p>home</p>'),
    '/state': html(
      `<!doctype html><title>State</title><script src="/cached.js"></script>
       <script>window.frameSaw = new Promise((resolve) => addEventListener('message', (event) => resolve(event.data)));
       ${REPORT}</script><iframe src="${other.url('/frame')}"></iframe>`,
    ),
    '/cached.js': {
      headers: { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=3600' },
      body: 'window.cached = true;',
    },
  });
  policy = new PublicUrlPolicy({ allowHosts: [site.hostPort, other.hostPort] });
});

afterAll(async () => {
  await site?.close();
  await other?.close();
  Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
});

interface Visit {
  context: BrowserContext;
  state: typeof CLEAN;
}

const visitState = (pool: BrowserPool): Promise<Visit> =>
  pool.withPage(
    async (page, job) => {
      await page.goto(site.url('/state'));
      return { context: job.context, state: (await page.evaluate('report()')) as typeof CLEAN };
    },
    { timeoutMs: 15_000 },
  );

/** Until no job holds a slot, cleanup included. */
const settled = (pool: BrowserPool) => eventually(() => pool.stats().activeJobs === 0, 10_000);

describe('BrowserPool context reuse', () => {
  let pool: BrowserPool;

  beforeEach(() => {
    pool = new BrowserPool(policy, { maxPages: 1, jobsPerContext: 3 });
  });
  afterEach(() => pool.close());

  it('gives the next job the same context without anything the last job left in it', async () => {
    const hitsBefore = site.hits('/cached.js');
    const first = await visitState(pool);
    const second = await visitState(pool);
    const third = await visitState(pool);

    expect(first.state).toEqual(CLEAN);
    expect(second.context).toBe(first.context);
    expect(third.context).toBe(first.context);
    // Cookies, local and session storage, IndexedDB, Cache Storage, window.name and the other origin's storage.
    expect(second.state).toEqual(CLEAN);
    expect(third.state).toEqual(CLEAN);
    // The last job's pages are not in the history (they would add an entry each).
    expect(third.state.historyLength).toBeLessThanOrEqual(2);
    // The HTTP cache is emptied too: every job fetched the cacheable script itself.
    expect(site.hits('/cached.js') - hitsBefore).toBe(3);
  });

  it('replaces the context after jobsPerContext jobs', async () => {
    const contexts = [];
    for (let i = 0; i < 4; i += 1) contexts.push((await visitState(pool)).context);
    await settled(pool);
    expect(contexts[2]).toBe(contexts[0]);
    expect(contexts[3]).not.toBe(contexts[0]);
    expect(contexts[0].closed).toBe(true);
    expect(pool.stats()).toMatchObject({ openContexts: 1, idleContexts: 1 });
  });

  it.each([
    [
      'left a listener on the page',
      (page: import('puppeteer-core').Page) => void page.on('console', () => {}),
    ],
    [
      'opened a popup',
      (page: import('puppeteer-core').Page) => page.evaluate(`void window.open('about:blank')`),
    ],
  ])('closes rather than reuses a context whose job %s', async (_name, leave) => {
    const used = await pool.withPage(async (page, job) => {
      await page.goto(site.url('/'));
      await leave(page);
      return job.context;
    });
    const next = await visitState(pool);
    await settled(pool);
    expect(used.closed).toBe(true);
    expect(next.context).not.toBe(used);
    expect(next.state).toEqual(CLEAN);
  });

  it('gives every job a context of its own with jobsPerContext: 1', async () => {
    const own = new BrowserPool(policy, { maxPages: 1, jobsPerContext: 1 });
    try {
      const first = await visitState(own);
      const second = await visitState(own);
      await settled(own);
      expect(second.context).not.toBe(first.context);
      expect(first.context.closed).toBe(true);
      expect(second.state).toEqual(CLEAN);
      expect(own.stats()).toMatchObject({ openContexts: 0, idleContexts: 0 });
    } finally {
      await own.close();
    }
  });
});
