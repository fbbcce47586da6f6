import request from 'supertest';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

const page = `<!doctype html><html><head><title>Page</title></head><body><article><h1>Page</h1>
<p>${'Readable words of a page that the service may fetch because the test allow-lists its origin. '.repeat(4)}</p></article></body></html>`;

// `.invalid` never resolves (RFC 6761), here and in CI alike.
const UNRESOLVABLE = 'https://hooks.quarry-nowhere.invalid/quarry';
const LOCAL_NAMES = ['http://localhost./', 'http://a.localhost/', 'http://A.B.LOCALHOST./hook'];

describe('URL fields whose host is local or does not resolve (docs/api.md §1, §2)', () => {
  let origin: FixtureServer;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    origin = await startFixtureServer({ '/page': { body: page }, '/hook': { status: 200 } });
    t = await startTestApp({
      QUARRY_ALLOW_HOSTS: origin.hostPort,
      QUARRY_CALLBACK_BACKOFF_MS: '50',
      QUARRY_CALLBACK_ATTEMPTS: '2',
      QUARRY_RATE_LIMIT_WORK_PER_MINUTE: '1000',
      QUARRY_RATE_LIMIT_READS_PER_MINUTE: '1000',
    });
    const created = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'urls@example.com', credits: 1000 });
    key = created.body.apiKey;
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const post = (path: string, body: object) =>
    request(t.url).post(path).auth(key, { type: 'bearer' }).send(body);

  const fields: [string, string, (url: string) => object][] = [
    ['/v1/api/scrape', 'url', (url) => ({ url })],
    ['/v1/api/scrape/async', 'url', (url) => ({ url, callbackUrl: `${origin.origin}/hook` })],
    ['/v1/api/scrape/async', 'callbackUrl', (url) => ({ url: `${origin.origin}/page`, callbackUrl: url })],
    ['/v1/api/screenshot', 'url', (url) => ({ url })],
    ['/v1/api/monitors', 'url', (url) => ({ url })],
    [
      '/v1/api/monitors',
      'notifications.webhook.url',
      (url) => ({ url: `${origin.origin}/page`, notifications: { webhook: { url } } }),
    ],
  ];

  describe.each(LOCAL_NAMES)('the local name in %s', (localUrl) => {
    it.each(fields)('is a 400 invalid_request on POST %s naming %s', async (path, field, body) => {
      const response = await post(path, body(localUrl));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'invalid_request',
        message: expect.any(String),
        details: { [field]: expect.stringContaining('local machine') },
      });
    });
  });

  it('answers a sync scrape and an async url that do not resolve with 404 URL_NOT_FOUND', async () => {
    for (const [path, body] of [
      ['/v1/api/scrape', { url: UNRESOLVABLE }],
      ['/v1/api/scrape/async', { url: UNRESOLVABLE, callbackUrl: `${origin.origin}/hook` }],
    ] as const) {
      const response = await post(path, body);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        error: 'URL_NOT_FOUND',
        message: expect.any(String),
        url: UNRESOLVABLE,
      });
    }
  });

  it('answers a screenshot of a host that does not resolve with 422 UPSTREAM_ERROR and status null', async () => {
    const response = await post('/v1/api/screenshot', { url: UNRESOLVABLE });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      error: 'UPSTREAM_ERROR',
      message: expect.any(String),
      url: UNRESOLVABLE,
      status: null,
    });
  });

  it('refuses a monitor page that does not resolve, since its baseline check runs at once', async () => {
    const response = await post('/v1/api/monitors', { url: UNRESOLVABLE });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual({ url: expect.stringContaining('could not be resolved') });
  });

  it('accepts a callbackUrl that does not resolve yet and reports its deliveries as host not found', async () => {
    const accepted = await post('/v1/api/scrape/async', {
      url: `${origin.origin}/page`,
      callbackUrl: UNRESOLVABLE,
    });
    expect(accepted.status).toBe(202);
    let job = { status: '', delivery: { status: 'pending' } } as Record<string, unknown> & {
      delivery: { status: string };
    };
    for (let i = 0; i < 400 && job.delivery.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = (
        await request(t.url).get(`/v1/api/scrape/jobs/${accepted.body.jobId}`).auth(key, { type: 'bearer' })
      ).body;
    }
    expect(job).toMatchObject({
      status: 'completed',
      delivery: { status: 'failed', attempts: 2, lastError: 'host not found' },
    });
  });

  it('accepts a monitor webhook url that does not resolve yet', async () => {
    const response = await post('/v1/api/monitors', {
      url: `${origin.origin}/page`,
      notifications: { email: false, webhook: { url: UNRESOLVABLE } },
    });
    expect(response.status).toBe(201);
    expect(response.body.monitor.channels).toContainEqual(
      expect.objectContaining({ type: 'webhook', destination: UNRESOLVABLE }),
    );
  });

  it.each([...LOCAL_NAMES, UNRESOLVABLE])(
    'invalidates %s without resolving it (nothing is fetched)',
    async (url) => {
      const response = await post('/v1/api/invalidate', { url });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    },
  );
});
