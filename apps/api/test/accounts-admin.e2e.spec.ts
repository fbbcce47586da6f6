import request from 'supertest';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

describe('operator API and account (docs/api.md §3)', () => {
  let t: TestApp;
  const admin = (method: 'get' | 'post', path: string) =>
    request(t.url)[method](`/v1/admin${path}`).auth(ADMIN_TOKEN, { type: 'bearer' });

  beforeAll(async () => {
    t = await startTestApp({ QUARRY_RATE_LIMIT_READS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('creates an account, adds credits idempotently and shows the balance to the key holder', async () => {
    const created = await admin('post', '/accounts').send({ email: 'ops@example.com', credits: 10 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      account: { email: 'ops@example.com', credits: 10 },
      apiKey: expect.stringMatching(/^qk_live_/),
    });
    const id = created.body.account.id;
    for (let i = 0; i < 2; i++) {
      const added = await admin('post', `/accounts/${id}/credits`).send({
        amount: 5,
        referenceId: 'invoice-7',
      });
      expect(added.status).toBe(200);
      expect(added.body.account.credits).toBe(15);
    }
    const shown = await admin('get', `/accounts/${id}`);
    expect(shown.body.keys).toHaveLength(1);
    expect(JSON.stringify(shown.body)).not.toContain(created.body.apiKey);
  });

  it('refuses a wrong admin token and unknown ids', async () => {
    const wrong = await request(t.url)
      .post('/v1/admin/accounts')
      .auth('x'.repeat(32), { type: 'bearer' })
      .send({ email: 'x@example.com' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('unauthorized');
    const unknown = await admin('post', '/accounts/7b0d8a59-8f5c-4d6e-9c7e-2f1a3b4c5d6e/credits').send({
      amount: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'not_found', message: expect.any(String) });
  });

  it('limits each key separately and says when to retry', async () => {
    const first = (await admin('post', '/accounts').send({ email: 'r1@example.com' })).body.apiKey;
    const second = (await admin('post', '/accounts').send({ email: 'r2@example.com' })).body.apiKey;
    for (let i = 0; i < 3; i++)
      expect((await request(t.url).get('/v1/api/account').auth(first, { type: 'bearer' })).status).toBe(200);
    const limited = await request(t.url).get('/v1/api/account').auth(first, { type: 'bearer' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(t.url).get('/v1/api/account').auth(second, { type: 'bearer' })).status).toBe(200);
  });
});

describe('operator API without an admin token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ QUARRY_ADMIN_TOKEN: '' });
  });
  afterAll(() => t.close());

  it('is off: 404 for every admin route', async () => {
    const response = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'x@example.com' });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('not_found');
  });
});
