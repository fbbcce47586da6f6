import request from 'supertest';
import { DataSource } from 'typeorm';
import { CreditLedger, RequestLog, requestLogPage } from '@quarry/accounts';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

const story = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>` +
  `<p>${'A paragraph long enough to count as the main content of the page that a reader came for. '.repeat(3)}</p></article></body></html>`;

describe('usage per API key and the request log', () => {
  let origin: FixtureServer;
  let t: TestApp;
  let accountId: string;
  const keys: Record<'a' | 'b', { id: string; apiKey: string }> = {} as never;

  const admin = () =>
    request(t.url).post(`/v1/admin/accounts/${accountId}/keys`).auth(ADMIN_TOKEN, { type: 'bearer' });
  const api = (key: 'a' | 'b') => ({
    post: (path: string, body: object) =>
      request(t.url).post(path).auth(keys[key].apiKey, { type: 'bearer' }).send(body),
    get: (path: string) => request(t.url).get(path).auth(keys[key].apiKey, { type: 'bearer' }),
  });

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/one': { body: story('One') },
      '/two': { body: story('Two') },
      '/three': { body: story('Three') },
      '/hook': { status: 200 },
    });
    t = await startTestApp({ QUARRY_ALLOW_HOSTS: origin.hostPort });
    const created = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'keys@example.com', credits: 10 });
    accountId = created.body.account.id;
    keys.a = { id: created.body.key.id, apiKey: created.body.apiKey };
    const second = await admin();
    keys.b = { id: second.body.key.id, apiKey: second.body.apiKey };
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  it('counts a scrape under the key that asked for it, an async one too, and logs each request', async () => {
    expect((await api('a').post('/v1/api/scrape', { url: `${origin.origin}/one` })).status).toBe(200);
    expect((await api('b').post('/v1/api/scrape', { url: `${origin.origin}/two` })).status).toBe(200);
    expect((await api('b').post('/v1/api/scrape', { url: 'ftp://example.com/' })).status).toBe(400);
    const accepted = await api('b').post('/v1/api/scrape/async', {
      url: `${origin.origin}/three`,
      callbackUrl: `${origin.origin}/hook`,
    });
    expect(accepted.status).toBe(202);
    let job: { status?: string } = {};
    for (let i = 0; i < 200 && job.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await api('b').get(`/v1/api/scrape/jobs/${accepted.body.jobId}`)).body;
    }
    expect(job.status).toBe('completed');

    const today = new Date().toISOString().slice(0, 10);
    const byKey = await t.app.get(CreditLedger).dailyKeyUsageSince(accountId, new Date());
    expect(byKey).toEqual(
      [
        { day: today, apiKeyId: keys.a.id, operation: 'scrape', count: 1, credits: 1 },
        { day: today, apiKeyId: keys.b.id, operation: 'scrape', count: 1, credits: 1 },
        { day: today, apiKeyId: keys.b.id, operation: 'scrapeAsync', count: 1, credits: 1 },
      ].sort((x, y) => x.apiKeyId.localeCompare(y.apiKeyId) || x.operation.localeCompare(y.operation)),
    );

    await t.app.get(RequestLog).flush();
    const log = await requestLogPage(t.app.get<DataSource>(QUARRY_DATA_SOURCE), accountId, {
      limit: 50,
      now: new Date(),
    });
    const rows = (keyId: string, route: string) =>
      log.entries
        .filter((entry) => entry.apiKeyId === keyId && entry.route === route)
        .map(({ url, status, credits, operation }) => ({ url, status, credits, operation }));
    expect(rows(keys.a.id, 'POST /v1/api/scrape')).toEqual([
      { url: `${origin.origin}/one`, status: 200, credits: 1, operation: 'scrape' },
    ]);
    expect(rows(keys.b.id, 'POST /v1/api/scrape')).toEqual(
      expect.arrayContaining([
        { url: `${origin.origin}/two`, status: 200, credits: 1, operation: 'scrape' },
        { url: 'ftp://example.com/', status: 400, credits: 0, operation: 'scrape' },
      ]),
    );
    expect(rows(keys.b.id, 'POST /v1/api/scrape/async')).toEqual([
      { url: `${origin.origin}/three`, status: 202, credits: 0, operation: null },
    ]);
    expect(rows(keys.b.id, 'GET /v1/api/scrape/jobs/:jobId').length).toBeGreaterThan(0);
    expect(log.entries.some((entry) => entry.route.startsWith('POST /v1/admin'))).toBe(false);
  });
});
