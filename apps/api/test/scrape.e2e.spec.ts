import request from 'supertest';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><article><h1>${title}</h1>` +
  `<p>${'This is the body of a story that a reader came for, long enough to count as the main content of the page. '.repeat(3)}</p></article></body></html>`;

describe('POST /v1/api/scrape and /v1/api/invalidate (docs/api.md §4)', () => {
  let origin: FixtureServer;
  let t: TestApp;
  let key: string;

  const scrape = (body: object) =>
    request(t.url).post('/v1/api/scrape').auth(key, { type: 'bearer' }).send(body);
  const credits = async () =>
    (await request(t.url).get('/v1/api/account').auth(key, { type: 'bearer' })).body.account.credits;
  const accountView = async (apiKey: string) =>
    (await request(t.url).get('/v1/api/account').auth(apiKey, { type: 'bearer' })).body;
  const newKey = async (email: string, amount: number): Promise<string> =>
    (
      await request(t.url)
        .post('/v1/admin/accounts')
        .auth(ADMIN_TOKEN, { type: 'bearer' })
        .send({ email, credits: amount })
    ).body.apiKey;

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/story': { body: page('A story') },
      '/missing': { status: 404 },
      '/down': { status: 503 },
    });
    t = await startTestApp({ QUARRY_ALLOW_HOSTS: origin.hostPort });
    const created = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 's@example.com', credits: 3 });
    key = created.body.apiKey;
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  it('scrapes, then serves from the cache, charging 1 credit each time', async () => {
    const first = await scrape({ url: `${origin.origin}/story` });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      url: `${origin.origin}/story`,
      finalUrl: `${origin.origin}/story`,
      title: 'A story',
      markdown: expect.stringContaining('the main content of the page'),
      html: expect.stringContaining('<p>'),
      contentLength: first.body.markdown.length,
      fetchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      cached: false,
    });
    expect(await credits()).toBe(2);
    const second = await scrape({ url: `${origin.origin}/story` });
    expect(second.body).toMatchObject({ cached: true, fetchedAt: first.body.fetchedAt });
    expect(await credits()).toBe(1);
    expect(origin.hits('/story')).toBe(1);
  });

  it('charges nothing for failures and answers with the scrape error body', async () => {
    const before = await credits();
    const missing = await scrape({ url: `${origin.origin}/missing` });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'URL_NOT_FOUND',
      message: expect.any(String),
      url: `${origin.origin}/missing`,
    });
    const down = await scrape({ url: `${origin.origin}/down` });
    expect(down.status).toBe(502);
    expect(down.body.error).toBe('ORIGIN_ERROR');
    expect(await credits()).toBe(before);
  });

  it('rejects bad bodies and private URLs with details', async () => {
    expect((await scrape({})).body).toMatchObject({
      error: 'invalid_request',
      details: { url: expect.any(String) },
    });
    expect((await scrape({ url: `${origin.origin}/story`, timeoutMs: 10 })).body.details).toHaveProperty(
      'timeoutMs',
    );
    const privateUrl = await scrape({ url: 'http://169.254.169.254/latest/meta-data/' });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body).toMatchObject({ error: 'invalid_request', details: { url: expect.any(String) } });
  });

  it('invalidates a cached URL', async () => {
    const response = await request(t.url)
      .post('/v1/api/invalidate')
      .auth(key, { type: 'bearer' })
      .send({ url: `${origin.origin}/story` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(
      (
        await request(t.url)
          .post('/v1/api/invalidate')
          .auth(key, { type: 'bearer' })
          .send({ url: 'not a url' })
      ).status,
    ).toBe(400);
  });

  it('reserves the price before fetching: of 8 concurrent scrapes with credits for 3, 5 get 402 and fetch nothing', async () => {
    const spender = await newKey('spender@example.com', 3);
    const paths = Array.from({ length: 8 }, (_, i) => `/paid-${i}`);
    for (const path of paths) origin.route(path, { body: page(`Paid ${path}`) });
    const responses = await Promise.all(
      paths.map((path) =>
        request(t.url)
          .post('/v1/api/scrape')
          .auth(spender, { type: 'bearer' })
          .send({ url: `${origin.origin}${path}` }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    responses.forEach((response, i) => {
      expect(origin.hits(paths[i])).toBe(response.status === 200 ? 1 : 0);
      if (response.status === 402)
        expect(response.body).toEqual({ error: 'payment_required', message: expect.any(String) });
    });
    const view = await accountView(spender);
    expect(view.account).toMatchObject({ credits: 0, reservedCredits: 0 });
    expect(view.usage.last30Days).toEqual({ scrape: { count: 3, credits: 3 } });
  });

  it('shows a scrape in progress as reserved credits, charged once it succeeds or given back when it fails', async () => {
    const waiter = await newKey('waiter@example.com', 2);
    const held: Array<() => void> = [];
    const arrived = new Promise<void>((resolve) =>
      origin.route('/held', {
        handle: (_request, response) => {
          held.push(() => response.writeHead(200, { 'content-type': 'text/html' }).end(page('Held')));
          resolve();
        },
      }),
    );
    const scraping = request(t.url)
      .post('/v1/api/scrape')
      .auth(waiter, { type: 'bearer' })
      .send({ url: `${origin.origin}/held` })
      .then((response) => response);
    await arrived;
    expect((await accountView(waiter)).account).toMatchObject({ credits: 1, reservedCredits: 1 });
    held[0]();
    expect((await scraping).status).toBe(200);
    expect(await accountView(waiter)).toMatchObject({
      account: { credits: 1, reservedCredits: 0 },
      usage: { last30Days: { scrape: { count: 1, credits: 1 } } },
    });

    const failing = await request(t.url)
      .post('/v1/api/scrape')
      .auth(waiter, { type: 'bearer' })
      .send({ url: `${origin.origin}/down` });
    expect(failing.status).toBe(502);
    expect((await accountView(waiter)).account).toMatchObject({ credits: 1, reservedCredits: 0 });
  });

  it('answers 402 once the credits are spent', async () => {
    await scrape({ url: `${origin.origin}/story` });
    expect(await credits()).toBe(0);
    const response = await scrape({ url: `${origin.origin}/story` });
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: 'payment_required', message: expect.any(String) });
  });
});
