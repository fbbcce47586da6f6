import { readdirSync, readFileSync } from 'node:fs';
import { FreeBilling, InvalidRequestError } from '@quarry/core';
import { ANONYMOUS_ACCOUNT } from '@quarry/http';
import {
  FixtureServer,
  minimalPdf,
  startFixtureServer,
  startUdpCanary,
  udpProbeScript,
  UdpCanary,
} from '@quarry/testing';
import { ScrapeError, ScrapeService } from '../src';
import { cacheKeyOf } from '../src/domain/cache-key';
import { ScrapeCache } from '../src/ports/scrape-cache';
import { createScrapeTestContext, scrapeEngines, ScrapeTestContext } from './scrape-test-module';

const article = (
  heading: string,
  extra = '',
) => `<!doctype html><html lang="en"><head><title>${heading} | Example News</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>
<div class="cookie-banner">We use cookies. <button>Accept all</button></div>
<article><h1>${heading}</h1>
<p>The committee met on Tuesday to discuss the proposal for a new public library in the old market hall, a building that has stood empty for more than a decade.</p>
<p>Residents who spoke at the meeting were mostly in favour. Several said that the town had lacked a quiet place to study since the previous library closed in 2012.</p>
<h2>What happens next</h2>
<ul><li>A public consultation opens in March.</li><li>Final plans are due before the summer.</li></ul>
<p>Read the <a href="/docs/proposal.pdf">full proposal</a> for the details of the budget and the timeline agreed by the committee.</p>
<table><thead><tr><th>Item</th><th>Cost</th></tr></thead><tbody><tr><td>Roof</td><td>120,000</td></tr><tr><td>Shelving</td><td>45,000</td></tr></tbody></table>
${extra}</article>
<footer>© Example News. <a href="/privacy">Privacy</a></footer></body></html>`;

describe.each(scrapeEngines())('ScrapeService on the %s engine', (engine) => {
  let origin: FixtureServer;
  let canary: FixtureServer;
  let udpCanary: UdpCanary;
  let context: ScrapeTestContext;
  let scraper: ScrapeService;

  beforeAll(async () => {
    canary = await startFixtureServer({});
    udpCanary = await startUdpCanary();
    origin = await startFixtureServer({
      '/article': { body: article('Library plan approved') },
      '/moved': { status: 301, headers: { location: '/article' } },
      '/missing': { status: 404, body: 'gone' },
      '/gone': { status: 410 },
      '/private': { status: 403 },
      '/login': {
        body: `<html><body><form><input name="user"><input type="password" name="pw"><button>Sign in</button></form></body></html>`,
      },
      '/broken': { status: 500 },
      '/menu-only': {
        body: `<!doctype html><html><head><title>Menu</title></head><body><nav><a href="/">Menu</a></nav></body></html>`,
      },
      '/slow': { delayMs: 3000, body: article('Too late') },
      '/huge': { body: Buffer.alloc(12 * 1024 * 1024, 'a') },
      // Hostile markup: 420,000 elements of unclosed formatting take seconds to read; 400,000 nested divs.
      '/unclosed': { body: `<title>Unclosed</title>${'<p><b><i><u><span>x'.repeat(30_000)}` },
      '/deep': { body: `<title>Deep</title>${'<div>'.repeat(400_000)}` },
      '/doc.pdf': {
        headers: { 'content-type': 'application/pdf' },
        body: minimalPdf(
          ['Quarterly report', '', 'Revenue grew by nine percent in the third quarter.'],
          'Q3 Report',
        ),
      },
      '/notes.txt': {
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: 'Line one\nLine two\n',
      },
      '/data.json': { headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
      '/image.png': { headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      '/latin': {
        headers: { 'content-type': 'text/html; charset=windows-1252' },
        body: Buffer.from(
          article(
            'Caf\u00e9 cr\u00e8me news',
            '<p>Prices in \u00a3 and na\u00efve r\u00e9sum\u00e9s abound in this story.</p>',
          ),
          'latin1',
        ),
      },
      '/to-private': { status: 302, headers: { location: `${canary.origin}/secret` } },
      '/shell': {
        body: `<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script>
          setTimeout(() => { document.getElementById('root').innerHTML = '<article><h1>Rendered by script</h1><p>' + 'This paragraph was written into the page by JavaScript after it loaded, so only a browser sees it. '.repeat(4) + '</p></article>'; }, 100);
        </script></body></html>`,
      },
      '/late': {
        body: `<!doctype html><html><head><title>Late</title></head><body><main><h1>Dashboard</h1><p>${'Loading the live figures for the dashboard, please wait a moment. '.repeat(6)}</p></main><script>
          setTimeout(() => { const p = document.createElement('p'); p.id = 'figures'; p.textContent = 'Live figures: 42 visitors right now.'; document.querySelector('main').append(p); }, 300);
        </script></body></html>`,
      },
      '/canary-page': {
        body: article(
          'Canary page',
          `<img src="${canary.origin}/img.png"><iframe src="${canary.origin}/frame"></iframe><script>fetch('${canary.origin}/fetch').catch(() => {});</script>${udpProbeScript(udpCanary.port)}`,
        ),
      },
    });
    context = await createScrapeTestContext([origin.hostPort], engine, {
      cacheTtlMs: 60_000,
      billing: new FreeBilling(),
    });
    scraper = context.moduleRef.get(ScrapeService);
  });
  afterAll(async () => {
    await context.close();
    await Promise.all([origin.close(), canary.close(), udpCanary.close()]);
  });

  const url = (path: string) => `${origin.origin}${path}`;

  it('returns the readable article as Markdown, without boilerplate, with absolute links and tables', async () => {
    const { result, tier } = await scraper.scrape(ANONYMOUS_ACCOUNT, {
      url: url('/article'),
      forceFresh: true,
    });
    expect(tier).toBe('http');
    expect(result).toMatchObject({
      url: url('/article'),
      finalUrl: url('/article'),
      cached: false,
      title: expect.stringContaining('Library plan approved'),
    });
    expect(result.markdown).toContain('The committee met on Tuesday');
    expect(result.markdown).toContain('## What happens next');
    expect(result.markdown).toContain(`(${origin.origin}/docs/proposal.pdf)`);
    expect(result.markdown).toMatch(/\| Item \| Cost \|/);
    expect(result.markdown).not.toMatch(/Accept all|Privacy/);
    expect(result.contentLength).toBe(result.markdown.length);
    expect(result.html).toContain('<table');
  });

  it("reads the page's visible text or a selector's on the reading thread when asked, never from the cache", async () => {
    const url = `${origin.origin}/article`;
    await scraper.scrape(ANONYMOUS_ACCOUNT, { url });
    const page = await scraper.scrape(ANONYMOUS_ACCOUNT, { url, text: { scope: 'page' } });
    expect(page.result.cached).toBe(false);
    expect(page.text?.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Home World Sport',
        'We use cookies. Accept all',
        'Library plan approved',
        'Roof',
      ]),
    );
    expect(page.text?.matched).toBe(1);
    expect(
      await scraper.scrape(ANONYMOUS_ACCOUNT, { url, text: { scope: 'selector', selector: 'td' } }),
    ).toMatchObject({
      text: { text: 'Roof\n120,000\nShelving\n45,000', matched: 4 },
    });
    expect(
      await scraper.scrape(ANONYMOUS_ACCOUNT, { url, text: { scope: 'selector', selector: 'aside' } }),
    ).toMatchObject({
      text: { text: '', matched: 0 },
    });
    const plain = await scraper.scrape(ANONYMOUS_ACCOUNT, { url });
    expect(plain.result.cached).toBe(true);
    expect(plain.text).toBeUndefined();
  });

  it('reads a short article with a sign-in box in its header as the article, not as a login wall', async () => {
    origin.route('/short-news', {
      body: `<!doctype html><html><head><title>Ferry timetable</title></head><body>
<header><div class="account-dropdown"><form><input name="user"><input type="password" name="pw"><button>Sign in</button></form></div></header>
<article><h1>Ferry timetable changes</h1><p>The harbour office announced that the winter timetable starts on Monday, with the last crossing leaving at nine in the evening.</p></article>
</body></html>`,
    });
    const { result } = await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/short-news'), forceFresh: true });
    expect(result.markdown).toContain('the winter timetable starts on Monday');
  });

  it('reads a short article with a sign-in box above it in a plain container as the article', async () => {
    origin.route('/short-club-news', {
      body: `<!doctype html><html><head><title>Regatta</title></head><body>
<div id="band"><div class="wrap"><form><input name="user"><input type="password" name="pw"><button>Log in</button></form></div></div>
<div id="main"><h1>Autumn regatta</h1><p>The sailing club of Lanmoor holds its autumn regatta on the first Saturday of October; boats of every class may enter until the Wednesday before.</p></div>
</body></html>`,
    });
    const { result } = await scraper.scrape(ANONYMOUS_ACCOUNT, {
      url: url('/short-club-news'),
      forceFresh: true,
    });
    expect(result.markdown).toContain('holds its autumn regatta');
  });

  it('refuses the opening lines of a story cut off by a sign-in form as a login wall', async () => {
    origin.route('/members-story', {
      body: `<!doctype html><html><head><title>Harbour plans</title></head><body>
<div id="main"><h1>Harbour plans</h1><p>The council of Lanmoor wants to widen the harbour mouth before the winter storms, the mayor said on Tuesday.</p>
<div class="members"><p>Log in to read on.</p><form><input name="user"><input type="password" name="pw"><button>Log in</button></form></div></div>
</body></html>`,
    });
    await expect(
      scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/members-story'), forceFresh: true }),
    ).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
    });
  });

  it('follows redirects and reports the final URL', async () => {
    const { result } = await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/moved'), forceFresh: true });
    expect(result).toMatchObject({ url: url('/moved'), finalUrl: url('/article') });
  });

  it('serves the second scrape from the cache with the original fetch time, until forced or invalidated', async () => {
    origin.route('/cached', { body: article('Cached story') });
    const first = await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/cached#top') });
    const second = await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/cached') });
    const emptyFragment = await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/cached#') });
    expect([first.result.cached, second.result.cached, emptyFragment.result.cached]).toEqual([
      false,
      true,
      true,
    ]);
    expect(second.result.fetchedAt).toBe(first.result.fetchedAt);
    expect(origin.hits('/cached')).toBe(1);
    expect(
      (await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/cached'), forceFresh: true })).result.cached,
    ).toBe(false);
    expect(origin.hits('/cached')).toBe(2);
    await scraper.invalidate(url('/cached'));
    expect((await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/cached') })).result.cached).toBe(false);
    expect(origin.hits('/cached')).toBe(3);
  });

  it('answers a cached page without resolving its host again; a fetch still needs it to resolve', async () => {
    const retired = 'http://retired-host.invalid/story';
    const result = {
      finalUrl: retired,
      title: 'Kept story',
      markdown: 'The story as it was fetched.',
      html: '<p>The story as it was fetched.</p>',
      contentLength: 28,
      fetchedAt: '2026-01-01T00:00:00.000Z',
    };
    await context.moduleRef
      .get(ScrapeCache)
      .set(cacheKeyOf(new URL(retired)), { result, tier: 'http' }, 60_000);
    expect((await scraper.scrape(ANONYMOUS_ACCOUNT, { url: retired })).result).toEqual({
      ...result,
      url: retired,
      cached: true,
    });
    await expect(scraper.scrape(ANONYMOUS_ACCOUNT, { url: retired, forceFresh: true })).rejects.toMatchObject(
      {
        code: 'URL_NOT_FOUND',
      },
    );
  });

  it('fetches 20 identical concurrent requests from the origin once', async () => {
    origin.route('/popular', { delayMs: 300, body: article('Popular story') });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/popular') })),
    );
    expect(origin.hits('/popular')).toBe(1);
    expect(new Set(results.map((r) => r.result.markdown)).size).toBe(1);
  });

  it.each([
    ['/missing', 'URL_NOT_FOUND', 404],
    ['/gone', 'URL_NOT_FOUND', 404],
    ['/private', 'AUTH_REQUIRED', 403],
    ['/login', 'AUTH_REQUIRED', 403],
    ['/broken', 'ORIGIN_ERROR', 502],
    ['/huge', 'TOO_LARGE', 422],
    ['/image.png', 'UNREADABLE_CONTENT', 422],
    ['/menu-only', 'UNREADABLE_CONTENT', 422],
    ['/to-private', 'SCRAPE_FAILED', 502],
  ])('maps %s to %s', async (path, code, status) => {
    const error = await scraper
      .scrape(ANONYMOUS_ACCOUNT, { url: url(path), forceFresh: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScrapeError);
    expect((error as ScrapeError).toBody()).toEqual({
      error: code,
      message: expect.any(String),
      url: url(path),
    });
    expect((error as ScrapeError).status).toBe(status);
  });

  it('says a blocked redirect was blocked, and never reaches the private host', async () => {
    const error = (await scraper
      .scrape(ANONYMOUS_ACCOUNT, { url: url('/to-private'), forceFresh: true })
      .catch((e: unknown) => e)) as ScrapeError;
    expect(error.message).toMatch(/blocked/i);
    expect(canary.hits()).toBe(0);
  });

  it('gives up at timeoutMs with TIMEOUT', async () => {
    const error = (await scraper
      .scrape(ANONYMOUS_ACCOUNT, { url: url('/slow'), timeoutMs: 1000, forceFresh: true })
      .catch((e: unknown) => e)) as ScrapeError;
    expect(error.code).toBe('TIMEOUT');
    expect(error.status).toBe(504);
  });

  it('stops reading a page that takes longer than timeoutMs, without holding the event loop meanwhile', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const error = (await scraper
      .scrape(ANONYMOUS_ACCOUNT, { url: url('/unclosed'), timeoutMs: 1000, forceFresh: true })
      .catch((e: unknown) => e)) as ScrapeError;
    clearInterval(ticker);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 504 });
    // Timers kept firing while the page was read (a blocked event loop fires a late timer once).
    expect(ticks).toBeGreaterThan(10);
    // The stopped reader is replaced: the next page is read.
    const { result } = await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/article'), forceFresh: true });
    expect(result.markdown).toContain('public consultation opens in March');
  });

  it('reads pages on threads at readingNice, below the event loop, whose own priority is unchanged', async () => {
    const nicenessOf = (threadId: number | string) =>
      // Field 19 of a thread's stat, counted after the parenthesised command name.
      Number(readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    const before = new Set(readdirSync('/proc/self/task'));
    const niced = await createScrapeTestContext([origin.hostPort], engine, {
      readingNice: 7,
      billing: new FreeBilling(),
    });
    try {
      await niced.moduleRef
        .get(ScrapeService)
        .scrape(ANONYMOUS_ACCOUNT, { url: url('/article'), forceFresh: true });
      const started = readdirSync('/proc/self/task').filter((thread) => !before.has(thread));
      expect(started.map(nicenessOf)).toContain(7);
      expect(nicenessOf(process.pid)).toBe(0);
    } finally {
      await niced.close();
    }
  });

  it('refuses markup nested 400,000 deep as TOO_LARGE', async () => {
    const error = (await scraper
      .scrape(ANONYMOUS_ACCOUNT, { url: url('/deep'), forceFresh: true })
      .catch((e: unknown) => e)) as ScrapeError;
    expect(error).toMatchObject({ code: 'TOO_LARGE', status: 422 });
    expect(error.message).toBe('The page nests elements more than 1000 deep.');
  });

  it('answers TOO_LARGE when reading a page needs more memory than readingMemoryMb', async () => {
    const small = await createScrapeTestContext([origin.hostPort], engine, {
      readingMemoryMb: 16,
      billing: new FreeBilling(),
    });
    const error = (await small.moduleRef
      .get(ScrapeService)
      .scrape(ANONYMOUS_ACCOUNT, { url: url('/unclosed'), timeoutMs: 20_000, forceFresh: true })
      .catch((e: unknown) => e)) as ScrapeError;
    await small.close();
    expect(error).toMatchObject({ code: 'TOO_LARGE', message: 'Reading the page needs more than 16 MB.' });
  });

  it('reports a refused connection as ORIGIN_ERROR', async () => {
    const closed = await startFixtureServer();
    await closed.close();
    const local = await createScrapeTestContext([closed.hostPort], engine, { billing: new FreeBilling() });
    const error = (await local.moduleRef
      .get(ScrapeService)
      .scrape(ANONYMOUS_ACCOUNT, { url: `${closed.origin}/x` })
      .catch((e: unknown) => e)) as ScrapeError;
    await local.close();
    expect(error.code).toBe('ORIGIN_ERROR');
  });

  it('rejects a URL that is not public http(s) as an invalid request', async () => {
    for (const bad of [
      'http://10.0.0.1/',
      'ftp://example.com/',
      `http://127.0.0.1:1/`,
      'http://user:pw@example.com/',
      // RFC 6761 local names, fully qualified too, on the allow-listed origin's port: no DNS, no fetch.
      `http://localhost.:${new URL(origin.origin).port}/article`,
      `http://a.localhost.:${new URL(origin.origin).port}/article`,
    ]) {
      await expect(scraper.scrape(ANONYMOUS_ACCOUNT, { url: bad })).rejects.toBeInstanceOf(
        InvalidRequestError,
      );
    }
  });

  it('converts a PDF to Markdown text', async () => {
    const { result } = await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/doc.pdf'), forceFresh: true });
    expect(result.title).toBe('Q3 Report');
    expect(result.markdown).toContain('Revenue grew by nine percent in the third quarter.');
  });

  it('returns plain text verbatim and JSON in a code block', async () => {
    expect(
      (await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/notes.txt'), forceFresh: true })).result.markdown,
    ).toBe('Line one\nLine two\n');
    expect(
      (await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/data.json'), forceFresh: true })).result.markdown,
    ).toBe('```json\n{"a":1}\n```\n');
  });

  it('decodes a windows-1252 page', async () => {
    const { result } = await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/latin'), forceFresh: true });
    expect(result.title).toContain('Caf\u00e9 cr\u00e8me news');
    expect(result.markdown).toContain('na\u00efve r\u00e9sum\u00e9s');
  });

  it('renders a script shell in the browser', async () => {
    const { result, tier } = await scraper.scrape(ANONYMOUS_ACCOUNT, {
      url: url('/shell'),
      forceFresh: true,
    });
    expect(tier).toBe('browser');
    expect(result.markdown).toContain('only a browser sees it');
  });

  it('waits for a selector in the browser when asked', async () => {
    const { result, tier } = await scraper.scrape(ANONYMOUS_ACCOUNT, {
      url: url('/late'),
      waitForSelector: '#figures',
      forceFresh: true,
    });
    expect(tier).toBe('browser');
    expect(result.markdown).toContain('Live figures: 42 visitors');
  });

  it('never lets a page reach a private host, in either tier', async () => {
    await scraper.scrape(ANONYMOUS_ACCOUNT, { url: url('/canary-page'), forceFresh: true });
    const rendered = await scraper.scrape(ANONYMOUS_ACCOUNT, {
      url: url('/canary-page'),
      waitForSelector: 'body[data-udp-done]',
      forceFresh: true,
    });
    expect(rendered.tier).toBe('browser');
    expect(rendered.result.markdown).not.toMatch(/ typ (host|srflx|relay)|webtransport:https/);
    expect({ requests: canary.hits(), datagrams: udpCanary.datagrams }).toEqual({
      requests: 0,
      datagrams: 0,
    });
  });
});
