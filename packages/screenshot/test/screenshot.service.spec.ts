import type { TestingModule } from '@nestjs/testing';
import { BrowserPool } from '@quarry/browser';
import { InvalidRequestError, QuarryError } from '@quarry/core';
import { ANONYMOUS_ACCOUNT } from '@quarry/http';
import {
  eventually,
  processTree,
  startFixtureServer,
  startUdpCanary,
  udpProbeScript,
  type FixtureServer,
  type UdpCanary,
} from '@quarry/testing';
import { ScreenshotError, ScreenshotService, type ScreenshotRequest } from '../src';
import { BLUE, decodeJpeg, expectColour, GREEN, RED, WHITE } from './support/jpeg';
import { createScreenshotTestModule, mappedLookup } from './support/screenshot-test-module';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const page = (body: string, head = '') => ({
  body: `<!doctype html><html><head><meta charset="utf-8"><title>Fixture</title>${head}</head><body style="margin:0;background:#fff">${body}</body></html>`,
});
const BANDS =
  `<div style="height:100px;background:#f00"></div><p style="margin:20px;font:20px sans-serif">Quarry fixture</p>` +
  `<div style="position:fixed;right:0;bottom:0;width:200px;height:100px;background:#00f"></div>`;
const GREEN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#00a000"/></svg>`;

async function failureOf(promise: Promise<unknown>): Promise<QuarryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof QuarryError)) throw new Error(`expected a QuarryError, got ${String(error)}`);
  return error;
}

describe('ScreenshotService with Chromium', () => {
  let site: FixtureServer;
  let canary: FixtureServer;
  let udpCanary: UdpCanary;
  let moduleRef: TestingModule;
  let screenshots: ScreenshotService;
  let pool: BrowserPool;
  const url = (path: string) => `${site.origin}${path}`;
  const capture = (path: string, options: Omit<ScreenshotRequest, 'url'> = {}) =>
    screenshots.capture(ANONYMOUS_ACCOUNT, { url: url(path), timeoutMs: 20_000, ...options });

  beforeAll(async () => {
    canary = await startFixtureServer({});
    udpCanary = await startUdpCanary();
    site = await startFixtureServer({
      '/bands': page(BANDS),
      '/opener': page(`${BANDS}<script>window.open('/bands'); window.open('/bands', '_blank');</script>`),
      '/moved': { status: 302, headers: { location: '/bands' } },
      '/missing': { status: 404, body: '<!doctype html><h1>Not found</h1><p>There is no such page.</p>' },
      '/broken': { status: 500, body: 'oops' },
      '/blank': page(''),
      '/empty': { body: '' },
      '/shell': page('<div id="root"></div><script>/* the app failed to start */</script>'),
      '/coloured-body': { body: '<!doctype html><body style="background:#00a000"></body>' },
      '/canvas': page(
        '<canvas id="c" width="400" height="300"></canvas><script>const g = document.getElementById("c").getContext("2d"); g.fillStyle = "#f00"; g.fillRect(0, 0, 400, 300);</script>',
      ),
      '/shadow': page(
        '<x-card></x-card><script>document.querySelector("x-card").attachShadow({ mode: "open" }).innerHTML = "<p>Only in the shadow root</p>";</script>',
      ),
      '/tall': page(
        '<div style="height:2900px"><p style="margin:0">top</p></div><div style="height:100px;background:#00a000"></div>',
      ),
      '/very-tall': page(
        '<div style="height:100px;background:#f00"></div><div style="height:19900px"><p>long</p></div>',
      ),
      '/late-selector': page(
        '<p>waiting</p><script>setTimeout(() => { const d = document.createElement("div"); d.id = "late"; d.style.cssText = "position:fixed;inset:0;background:#00f"; document.body.append(d); }, 400);</script>',
      ),
      '/late-colour': page(
        '<p>soon blue</p><script>setTimeout(() => { document.body.style.background = "#00f"; }, 500);</script>',
      ),
      '/late-image': page(
        '<p>an image comes after load</p><script>addEventListener("load", () => { const i = new Image(); i.src = "/slow.svg"; i.style.cssText = "position:fixed;inset:0"; document.body.append(i); });</script>',
      ),
      '/slow.svg': { delayMs: 400, headers: { 'content-type': 'image/svg+xml' }, body: GREEN_SVG },
      '/canary-page': page(
        `<p>Sub-resources into a private network are blocked.</p><img src="${canary.origin}/img.png"><iframe src="${canary.origin}/frame"></iframe>` +
          `<link rel="stylesheet" href="${canary.origin}/style.css"><script>fetch("${canary.origin}/fetch").catch(() => {}); navigator.sendBeacon("${canary.origin}/beacon", "x");</script>` +
          udpProbeScript(udpCanary.port),
      ),
      '/to-canary': { status: 302, headers: { location: `${canary.origin}/secret` } },
      '/never': { delayMs: 15_000, body: 'too late' },
      '/loop': page('<p>loops while parsing</p><script>while (true) {}</script>'),
      '/loop-after-load': page(
        '<p>loops after load</p><script>addEventListener("load", () => setTimeout(() => { for (;;) {} }, 0));</script>',
      ),
    });
    moduleRef = await createScreenshotTestModule({
      allowHosts: [site.hostPort],
      lookup: mappedLookup({
        'intranet.example.com': ['127.0.0.1'],
        'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
      }),
    });
    screenshots = moduleRef.get(ScreenshotService);
    pool = moduleRef.get(BrowserPool);
  });
  afterAll(async () => {
    await moduleRef?.close();
    await Promise.all([site?.close(), canary?.close(), udpCanary?.close()]);
  });

  it('captures a 1280 x 800 JPEG with the page where it should be', async () => {
    const shot = await capture('/bands');
    expect(shot).toMatchObject({
      url: url('/bands'),
      finalUrl: url('/bands'),
      status: 200,
      width: 1280,
      height: 800,
      attempts: 1,
    });
    const image = decodeJpeg(shot.image);
    expect([image.width, image.height]).toEqual([1280, 800]);
    expectColour(image, 640, 50, RED);
    expectColour(image, 10, 95, RED);
    expectColour(image, 640, 400, WHITE);
    expectColour(image, 1180, 750, BLUE);
    expectColour(image, 1060, 690, WHITE);
  });

  it('reports the URL after redirects', async () => {
    const shot = await capture('/moved');
    expect(shot.finalUrl).toBe(url('/bands'));
    expect(shot.url).toBe(url('/moved'));
    expectColour(decodeJpeg(shot.image), 640, 50, RED);
  });

  it('encodes at the requested quality (default 80)', async () => {
    const [low, normal, high] = await Promise.all([
      capture('/bands', { quality: 5 }),
      capture('/bands'),
      capture('/bands', { quality: 100 }),
    ]);
    expect(low.image.length).toBeLessThan(normal.image.length);
    expect(normal.image.length).toBeLessThan(high.image.length);
  });

  it('captures the whole page with fullPage, cut at 10000 px', async () => {
    const tall = await capture('/tall', { fullPage: true });
    const image = decodeJpeg(tall.image);
    expect([image.width, image.height]).toEqual([1280, 3000]);
    expectColour(image, 640, 2950, GREEN);
    expectColour(image, 640, 1500, WHITE);

    const veryTall = decodeJpeg((await capture('/very-tall', { fullPage: true })).image);
    expect([veryTall.width, veryTall.height]).toEqual([1280, 10_000]);
    expectColour(veryTall, 640, 50, RED);

    const short = decodeJpeg((await capture('/bands', { fullPage: true })).image);
    expect([short.width, short.height]).toEqual([1280, 800]);
  });

  it('waits for the selector, the extra delay and sub-resources requested at load', async () => {
    expectColour(
      decodeJpeg((await capture('/late-selector', { waitForSelector: '#late' })).image),
      640,
      400,
      BLUE,
    );
    expectColour(decodeJpeg((await capture('/late-colour', { extraWaitMs: 1500 })).image), 640, 700, BLUE);
    expectColour(decodeJpeg((await capture('/late-image')).image), 640, 400, GREEN);
  });

  it('answers 422 UPSTREAM_ERROR with the origin status for >= 400 pages and blank pages', async () => {
    for (const [path, status] of [
      ['/missing', 404],
      ['/broken', 500],
    ] as const) {
      const error = await failureOf(capture(path));
      expect(error).toBeInstanceOf(ScreenshotError);
      expect(error.status).toBe(422);
      expect(error.toBody()).toEqual({
        error: 'UPSTREAM_ERROR',
        message: expect.stringContaining(String(status)),
        url: url(path),
        status,
      });
    }
    for (const path of ['/blank', '/empty', '/shell', '/coloured-body']) {
      const error = await failureOf(capture(path));
      expect(error.toBody()).toEqual({
        error: 'UPSTREAM_ERROR',
        message: expect.stringContaining('blank'),
        url: url(path),
        status: 200,
      });
    }
  });

  it("answers 422 with an error page's status rather than wait for a selector it lacks", async () => {
    const error = await failureOf(capture('/missing', { waitForSelector: '#never' }));
    expect(error.toBody()).toEqual({
      error: 'UPSTREAM_ERROR',
      message: expect.stringContaining('404'),
      url: url('/missing'),
      status: 404,
    });
  });

  it('does not take canvas or shadow-DOM pages for blank', async () => {
    expectColour(decodeJpeg((await capture('/canvas')).image), 100, 100, RED);
    await expect(capture('/shadow')).resolves.toMatchObject({ status: 200 });
  });

  it('refuses URLs that are not public with 400 details.url, before any browser work', async () => {
    const launchesBefore = pool.stats().launches;
    const jobsBefore = pool.stats().jobsOnBrowser;
    for (const target of [
      `${canary.origin}/`,
      `http://intranet.example.com:${canary.hostPort.split(':')[1]}/`,
      'http://rebind.example.com/',
      'http://169.254.169.254/latest/meta-data/',
      'ftp://example.com/file',
      'not a url',
    ]) {
      const error = await failureOf(screenshots.capture(ANONYMOUS_ACCOUNT, { url: target }));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error.toBody()).toMatchObject({
        error: 'invalid_request',
        details: { url: expect.any(String) },
      });
    }
    expect(pool.stats()).toMatchObject({ launches: launchesBefore, jobsOnBrowser: jobsBefore });
    expect(canary.hits()).toBe(0);
  });

  it('answers 422 with status null for a host that does not resolve', async () => {
    const error = await failureOf(
      screenshots.capture(ANONYMOUS_ACCOUNT, { url: 'http://nowhere.example.com/' }),
    );
    expect(error.toBody()).toEqual({
      error: 'UPSTREAM_ERROR',
      message: expect.any(String),
      url: 'http://nowhere.example.com/',
      status: null,
    });
  });

  it('applies the network policy to every request the page makes', async () => {
    const shot = await capture('/canary-page', { waitForSelector: 'body[data-udp-done]' });
    expect(shot.blockedRequests).toBeGreaterThanOrEqual(3);
    const redirected = await failureOf(capture('/to-canary'));
    expect(redirected.status).toBe(502);
    expect(redirected.toBody()).toEqual({
      error: 'CAPTURE_FAILED',
      message: expect.stringMatching(/blocked/i),
      url: url('/to-canary'),
    });
    await sleep(300);
    expect({ requests: canary.hits(), datagrams: udpCanary.datagrams }).toEqual({
      requests: 0,
      datagrams: 0,
    });
  });

  it('captures a page that opens windows, closing them as they appear', async () => {
    const shot = await capture('/opener', { timeoutMs: 8_000 });
    expect(shot).toMatchObject({ status: 200, width: 1280 });
    await eventually(() => pool.stats().activeJobs === 0, 10_000);
    expect(pool.stats().openContexts).toBe(pool.stats().idleContexts);
  });

  it('refuses an invalid selector with 400 details.waitForSelector', async () => {
    for (const waitForSelector of ['##', 'div[', 'xpath///div']) {
      const error = await failureOf(capture('/bands', { waitForSelector }));
      expect(error.toBody()).toMatchObject({
        error: 'invalid_request',
        details: { waitForSelector: expect.any(String) },
      });
    }
  });

  it('cuts slow pages, missing selectors and pages that loop forever at the deadline (504)', async () => {
    const cases: [string, ScreenshotRequest['waitForSelector']][] = [
      ['/never', undefined],
      ['/bands', '#never'],
      ['/loop', undefined],
      ['/loop-after-load', undefined],
    ];
    for (const [path, waitForSelector] of cases) {
      const error = await failureOf(capture(path, { timeoutMs: 2_500, waitForSelector }));
      expect({ path, body: error.toBody() }).toEqual({
        path,
        body: { error: 'TIMEOUT', message: expect.any(String), url: url(path) },
      });
      expect(error.status).toBe(504);
    }
    // The contexts of cut captures are closed, not kept: only idle, reusable ones are left open.
    await eventually(
      () => pool.stats().activeJobs === 0 && pool.stats().openContexts === pool.stats().idleContexts,
      10_000,
    );
    await expect(capture('/bands')).resolves.toMatchObject({ status: 200 });
  }, 60_000);

  it('leaves no context, page or process behind after 30 captures', async () => {
    const run = async (count: number) => {
      let next = 0;
      await Promise.all(
        [0, 1].map(async () => {
          while (next < count) {
            next += 1;
            const shot = await capture('/bands');
            expect(shot.image.length).toBeGreaterThan(1000);
          }
        }),
      );
    };
    await run(5);
    await sleep(1_000);
    const pid = pool.stats().pid as number;
    const processesAfterWarmUp = processTree(pid).length;
    await run(30);
    await sleep(1_000);
    await eventually(() => pool.stats().activeJobs === 0, 10_000);
    expect(pool.stats()).toMatchObject({ pid, browsers: 1, queuedJobs: 0 });
    // At most one context per page slot, all idle and kept for reuse.
    expect(pool.stats().openContexts).toBeLessThanOrEqual(pool.stats().maxPages);
    expect(pool.stats().openContexts).toBe(pool.stats().idleContexts);
    expect(processTree(pid).length).toBeLessThanOrEqual(processesAfterWarmUp + 1);
  }, 120_000);
});

describe('ScreenshotService under load and crashes', () => {
  let site: FixtureServer;
  let inFlight = 0;
  let mostInFlight = 0;
  let onSlowRequest: () => void = () => undefined;

  beforeAll(async () => {
    site = await startFixtureServer({
      '/slow': async () => {
        onSlowRequest();
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await sleep(1_500);
        inFlight -= 1;
        return page(BANDS);
      },
    });
  });
  afterAll(() => site?.close());

  it('runs at most maxPages captures at once, queues up to maxQueue and answers 429 beyond', async () => {
    const moduleRef = await createScreenshotTestModule({
      allowHosts: [site.hostPort],
      browser: { maxPages: 2, maxQueue: 1 },
      screenshot: { busyRetryAfterSeconds: 2 },
    });
    try {
      const screenshots = moduleRef.get(ScreenshotService);
      const pool = moduleRef.get(BrowserPool);
      await screenshots.capture(ANONYMOUS_ACCOUNT, { url: `${site.origin}/slow` });
      // The image is delivered before the pool has closed its context; the slot is free after that.
      await eventually(() => pool.stats().activeJobs === 0, 10_000);
      mostInFlight = 0;
      let mostActive = 0;
      const sampler = setInterval(() => (mostActive = Math.max(mostActive, pool.stats().activeJobs)), 10);
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          screenshots.capture(ANONYMOUS_ACCOUNT, { url: `${site.origin}/slow` }),
        ),
      );
      clearInterval(sampler);
      const rejected = results
        .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        .map((r) => r.reason as QuarryError);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      expect(rejected).toHaveLength(1);
      expect(rejected[0].status).toBe(429);
      expect(rejected[0].toBody()).toMatchObject({ error: 'rate_limited' });
      expect(rejected[0].headers).toEqual({ 'Retry-After': '2' });
      expect(mostActive).toBe(2);
      expect(mostInFlight).toBe(2);
      await eventually(() => pool.stats().activeJobs === 0, 10_000);
      expect(pool.stats().openContexts).toBe(pool.stats().idleContexts);
    } finally {
      await moduleRef.close();
    }
  }, 60_000);

  it.each([
    ['retries once on a fresh browser', true],
    ['fails cleanly with 502 CAPTURE_FAILED', false],
  ])(
    'when Chromium is killed mid-capture, %s',
    async (_name, retryOnCrash) => {
      const moduleRef = await createScreenshotTestModule({
        allowHosts: [site.hostPort],
        screenshot: { retryOnCrash },
      });
      try {
        const screenshots = moduleRef.get(ScreenshotService);
        const pool = moduleRef.get(BrowserPool);
        let killed: number | undefined;
        onSlowRequest = () => {
          if (killed !== undefined) return;
          killed = pool.stats().pid as number;
          process.kill(-killed, 'SIGKILL');
        };
        const outcome = await screenshots.capture(ANONYMOUS_ACCOUNT, { url: `${site.origin}/slow` }).then(
          (shot) => ({ attempts: shot.attempts, width: decodeJpeg(shot.image).width }),
          (error: QuarryError) => ({ status: error.status, body: error.toBody() }),
        );
        if (retryOnCrash) expect(outcome).toEqual({ attempts: 2, width: 1280 });
        else
          expect(outcome).toEqual({
            status: 502,
            body: {
              error: 'CAPTURE_FAILED',
              message: expect.stringMatching(/crash/i),
              url: `${site.origin}/slow`,
            },
          });
        expect(killed).toBeDefined();
        await eventually(() => processTree(killed as number).length === 0, 20_000);
        onSlowRequest = () => undefined;
        // The image is delivered before the pool has cleared its context; the next capture reuses it after that.
        await eventually(() => pool.stats().activeJobs === 0, 10_000);
        await expect(
          screenshots.capture(ANONYMOUS_ACCOUNT, { url: `${site.origin}/slow` }),
        ).resolves.toMatchObject({
          attempts: 1,
        });
        expect(pool.stats()).toMatchObject({ browsers: 1, launches: 2 });
        // Nothing of the killed browser's jobs is left: only idle contexts, at most one per page slot.
        await eventually(
          () => pool.stats().activeJobs === 0 && pool.stats().openContexts === pool.stats().idleContexts,
          20_000,
        );
        expect(pool.stats().openContexts).toBeLessThanOrEqual(pool.stats().maxPages);
      } finally {
        onSlowRequest = () => undefined;
        await moduleRef.close();
      }
    },
    60_000,
  );
});
