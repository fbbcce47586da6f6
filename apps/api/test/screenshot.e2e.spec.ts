import type { LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { decode } from 'jpeg-js';
import request from 'supertest';
import { BrowserPool } from '@quarry/browser';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

// A public-looking name that resolves to loopback, as a hostile DNS answer would.
jest.mock('node:dns', () => {
  const dns = jest.requireActual<typeof import('node:dns')>('node:dns');
  const lookup = (
    hostname: string,
    options: unknown,
    callback: (error: Error | null, addresses?: LookupAddress[] | string, family?: number) => void,
  ) => {
    if (hostname !== 'images.quarry-test.com')
      return (dns.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
  };
  return { ...dns, lookup };
});

const html = (body: string) => ({
  body: `<!doctype html><html><head><title>Fixture</title></head><body style="margin:0;background:#fff">${body}</body></html>`,
});
const BANDS =
  '<div style="height:100px;background:#f00"></div><h1 style="margin:20px">Quarry</h1><div style="position:fixed;right:0;bottom:0;width:200px;height:100px;background:#00f"></div>';

function pixel(image: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return [image.data[at], image.data[at + 1], image.data[at + 2]];
}

function expectNear(actual: number[], expected: number[]): void {
  expect(actual.every((channel, i) => Math.abs(channel - expected[i]) <= 40)).toBe(true);
}

describe('POST /v1/api/screenshot (docs/api.md §5)', () => {
  let origin: FixtureServer;
  let canary: FixtureServer;
  let t: TestApp;
  let key: string;

  const screenshot = (body: unknown, apiKey = key) =>
    request(t.url)
      .post('/v1/api/screenshot')
      .auth(apiKey, { type: 'bearer' })
      .responseType('blob')
      .send(body as object);
  const json = (response: request.Response) => JSON.parse(Buffer.from(response.body).toString('utf8'));
  const credits = async (apiKey = key) =>
    (await request(t.url).get('/v1/api/account').auth(apiKey, { type: 'bearer' })).body.account.credits;
  const createAccount = async (amount: number) =>
    (
      await request(t.url)
        .post('/v1/admin/accounts')
        .auth(ADMIN_TOKEN, { type: 'bearer' })
        .send({ email: 'shots@example.com', credits: amount })
    ).body.apiKey as string;

  beforeAll(async () => {
    canary = await startFixtureServer({});
    origin = await startFixtureServer({
      '/bands': html(BANDS),
      '/moved': { status: 301, headers: { location: '/bands' } },
      '/missing': { status: 404, body: '<h1>Not found</h1>' },
      '/blank': html(''),
      '/never': { delayMs: 8_000, body: 'late' },
      '/slow': { delayMs: 2_500, ...html(BANDS) },
      '/canary': html(
        `<p>Private sub-resources stay blocked.</p><img src="${canary.origin}/pixel.png"><script>fetch("${canary.origin}/api").catch(() => {})</script>`,
      ),
      '/to-canary': { status: 302, headers: { location: `${canary.origin}/secret` } },
    });
    t = await startTestApp({
      QUARRY_ALLOW_HOSTS: origin.hostPort,
      QUARRY_RATE_LIMIT_WORK_PER_MINUTE: '1000',
    });
    key = await createAccount(17);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([origin?.close(), canary?.close()]);
  });

  it('answers a 1280 x 800 JPEG with X-Final-Url and charges 5 credits', async () => {
    const response = await screenshot({ url: `${origin.origin}/bands` });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-final-url']).toBe(`${origin.origin}/bands`);
    const image = decode(response.body, { useTArray: true });
    expect([image.width, image.height]).toEqual([1280, 800]);
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expectNear(pixel(image, 640, 50), [255, 0, 0]);
    expectNear(pixel(image, 640, 400), [255, 255, 255]);
    expectNear(pixel(image, 1180, 750), [0, 0, 255]);
    expect(await credits()).toBe(12);
    const usage = (await request(t.url).get('/v1/api/account').auth(key, { type: 'bearer' })).body.usage
      .last30Days;
    expect(usage.screenshot).toEqual({ count: 1, credits: 5 });
  });

  it('reports the URL after a redirect and honours fullPage and quality', async () => {
    const response = await screenshot({
      url: `${origin.origin}/moved`,
      fullPage: true,
      quality: 30,
      extraWaitMs: 100,
      timeoutMs: 20_000,
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-final-url']).toBe(`${origin.origin}/bands`);
    const image = decode(response.body, { useTArray: true });
    expect([image.width, image.height]).toEqual([1280, 800]);
    expect(await credits()).toBe(7);
  });

  it('charges nothing for failures, answering with the screenshot error bodies', async () => {
    const missing = await screenshot({ url: `${origin.origin}/missing` });
    expect(missing.status).toBe(422);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(json(missing)).toEqual({
      error: 'UPSTREAM_ERROR',
      message: expect.any(String),
      url: `${origin.origin}/missing`,
      status: 404,
    });

    const blank = await screenshot({ url: `${origin.origin}/blank` });
    expect(blank.status).toBe(422);
    expect(json(blank)).toEqual({
      error: 'UPSTREAM_ERROR',
      message: expect.stringContaining('blank'),
      url: `${origin.origin}/blank`,
      status: 200,
    });

    const late = await screenshot({ url: `${origin.origin}/never`, timeoutMs: 1_500 });
    expect(late.status).toBe(504);
    expect(json(late)).toEqual({
      error: 'TIMEOUT',
      message: expect.any(String),
      url: `${origin.origin}/never`,
    });

    const redirected = await screenshot({ url: `${origin.origin}/to-canary` });
    expect(redirected.status).toBe(502);
    expect(json(redirected)).toEqual({
      error: 'CAPTURE_FAILED',
      message: expect.stringMatching(/blocked/i),
      url: `${origin.origin}/to-canary`,
    });
    expect(await credits()).toBe(7);
  });

  it('rejects bad bodies and non-public URLs with 400 details', async () => {
    const cases: [unknown, string][] = [
      [{}, 'url'],
      [{ url: 42 }, 'url'],
      [{ url: `${origin.origin}/bands`, quality: 0 }, 'quality'],
      [{ url: `${origin.origin}/bands`, quality: 101 }, 'quality'],
      [{ url: `${origin.origin}/bands`, quality: 50.5 }, 'quality'],
      [{ url: `${origin.origin}/bands`, extraWaitMs: 10_001 }, 'extraWaitMs'],
      [{ url: `${origin.origin}/bands`, timeoutMs: 999 }, 'timeoutMs'],
      [{ url: `${origin.origin}/bands`, timeoutMs: 120_001 }, 'timeoutMs'],
      [{ url: `${origin.origin}/bands`, fullPage: 'yes' }, 'fullPage'],
      [{ url: `${origin.origin}/bands`, waitForSelector: 'a'.repeat(513) }, 'waitForSelector'],
      [{ url: `${origin.origin}/bands`, waitForSelector: 'div[' }, 'waitForSelector'],
      [{ url: `${origin.origin}/bands`, width: 800 }, 'width'],
      [{ url: `${canary.origin}/` }, 'url'],
      [{ url: `http://127.0.0.1:${canary.hostPort.split(':')[1]}/admin` }, 'url'],
      [{ url: `http://images.quarry-test.com:${canary.hostPort.split(':')[1]}/` }, 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data/' }, 'url'],
      [{ url: 'file:///etc/passwd' }, 'url'],
    ];
    for (const [body, field] of cases) {
      const response = await screenshot(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(json(response)).toMatchObject({
        error: 'invalid_request',
        message: expect.any(String),
        details: { [field]: expect.any(String) },
      });
    }
    const notJson = await request(t.url)
      .post('/v1/api/screenshot')
      .auth(key, { type: 'bearer' })
      .set('content-type', 'application/json')
      .send('{"url":');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toBe('invalid_request');
    expect(canary.hits()).toBe(0);
    expect(await credits()).toBe(7);
  });

  it('applies the network policy to every request of the page', async () => {
    const response = await screenshot({ url: `${origin.origin}/canary` });
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(canary.hits()).toBe(0);
    expect(await credits()).toBe(2);
  });

  it('answers 402 with the JSON body before any capture when the balance is below 5', async () => {
    const hits = origin.hits('/bands');
    const response = await screenshot({ url: `${origin.origin}/bands` });
    expect(response.status).toBe(402);
    expect(json(response)).toEqual({ error: 'payment_required', message: expect.any(String) });
    expect(origin.hits('/bands')).toBe(hits);
    expect(await credits()).toBe(2);
  });

  it('reserves the price before any capture: of 4 concurrent screenshots with credits for 2, 2 get 402 and load nothing', async () => {
    const spenderKey = await createAccount(10);
    const paths = Array.from({ length: 4 }, (_, i) => `/paid-${i}`);
    for (const path of paths) origin.route(path, html(BANDS));
    const responses = await Promise.all(
      paths.map((path) => screenshot({ url: `${origin.origin}${path}` }, spenderKey)),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 402, 402]);
    responses.forEach((response, i) => {
      if (response.status === 200) expect(origin.hits(paths[i])).toBeGreaterThan(0);
      else expect(origin.hits(paths[i])).toBe(0);
    });
    const view = (await request(t.url).get('/v1/api/account').auth(spenderKey, { type: 'bearer' })).body;
    expect(view.account).toMatchObject({ credits: 0, reservedCredits: 0 });
    expect(view.usage.last30Days).toEqual({ screenshot: { count: 2, credits: 10 } });
  });

  it('charges nothing when the client gave up before the image was ready', async () => {
    const quitterKey = await createAccount(10);
    const hits = origin.hits('/slow');
    const { hostname, port } = new URL(t.url);
    const call = httpRequest({
      host: hostname,
      port,
      method: 'POST',
      path: '/v1/api/screenshot',
      headers: { authorization: `Bearer ${quitterKey}`, 'content-type': 'application/json' },
    });
    call.on('error', () => undefined);
    call.end(JSON.stringify({ url: `${origin.origin}/slow` }));
    for (let tries = 0; tries < 100 && origin.hits('/slow') === hits; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    call.destroy();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(origin.hits('/slow')).toBe(hits + 1);
    expect(await credits(quitterKey)).toBe(10);
  });

  it('needs an API key', async () => {
    const response = await request(t.url)
      .post('/v1/api/screenshot')
      .send({ url: `${origin.origin}/bands` });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('unauthorized');
  });

  it('answers 429 rate_limited with Retry-After once every page is busy and the queue is full', async () => {
    const richKey = await createAccount(1_000);
    const { maxPages, maxQueue } = t.app.get(BrowserPool).stats();
    const responses = await Promise.all(
      Array.from({ length: maxPages + maxQueue + 2 }, () =>
        screenshot({ url: `${origin.origin}/slow`, timeoutMs: 60_000 }, richKey),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(maxPages + maxQueue).fill(200), 429, 429]);
    const busy = responses.find((response) => response.status === 429) as request.Response;
    expect(json(busy)).toEqual({ error: 'rate_limited', message: expect.any(String) });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await credits(richKey)).toBe(1_000 - 5 * (maxPages + maxQueue));
    // Pages are cleaned up just after their images went out; their contexts stay, idle, for reuse.
    const pool = t.app.get(BrowserPool);
    for (let tries = 0; tries < 100 && pool.stats().activeJobs > 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pool.stats()).toMatchObject({ queuedJobs: 0, activeJobs: 0 });
    expect(pool.stats().openContexts).toBe(pool.stats().idleContexts);
    expect(pool.stats().openContexts).toBeLessThanOrEqual(maxPages);
  }, 120_000);

  it('is described in the OpenAPI document as an image/jpeg operation', async () => {
    const document = (await request(t.url).get('/openapi.json')).body;
    const operation = document.paths['/v1/api/screenshot'].post;
    expect(Object.keys(operation.responses['200'].content)).toContain('image/jpeg');
    expect(operation.responses['200'].headers).toHaveProperty('X-Final-Url');
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '402', '422', '429', '502', '504']),
    );
    const schemaName = operation.requestBody.content['application/json'].schema.$ref.split('/').pop();
    expect(Object.keys(document.components.schemas[schemaName].properties)).toEqual(
      expect.arrayContaining(['url', 'waitForSelector', 'extraWaitMs', 'fullPage', 'quality', 'timeoutMs']),
    );
  });
});
