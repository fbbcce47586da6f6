import { IncomingHttpHeaders } from 'node:http';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

const story = `<!doctype html><html><head><title>Queued story</title></head><body><article><h1>Queued story</h1>
<p>${'Words of a story fetched by a worker and delivered to a callback receiver with a signature. '.repeat(4)}</p></article></body></html>`;

describe('POST /v1/api/scrape/async and GET /v1/api/scrape/jobs/:jobId (docs/api.md §4)', () => {
  let origin: FixtureServer;
  let t: TestApp;
  let key: string;
  let webhookSecret: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/story': { body: story },
      '/hook': (req, body) => {
        received.push({ headers: req.headers, body: body.toString('utf8') });
        return { status: received.length < 3 ? 500 : 200 };
      },
    });
    t = await startTestApp({
      QUARRY_ALLOW_HOSTS: origin.hostPort,
      QUARRY_CALLBACK_BACKOFF_MS: '100',
      QUARRY_CALLBACK_ATTEMPTS: '5',
    });
    const created = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'async@example.com', credits: 2 });
    key = created.body.apiKey;
    webhookSecret = created.body.webhookSecret;
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const api = () => request(t.url);

  it('accepts a job, retries the callback until the receiver takes it, and charges 1 credit', async () => {
    const accepted = await api()
      .post('/v1/api/scrape/async')
      .auth(key, { type: 'bearer' })
      .send({
        url: `${origin.origin}/story`,
        callbackUrl: `${origin.origin}/hook`,
        callbackToken: 'secret-token',
      });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ jobId: expect.any(String), status: 'queued' });

    let job: { delivery?: { status: string }; result?: unknown } = {};
    for (let i = 0; i < 200 && job.delivery?.status !== 'delivered'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await api().get(`/v1/api/scrape/jobs/${accepted.body.jobId}`).auth(key, { type: 'bearer' }))
        .body;
    }
    expect(job).toMatchObject({
      jobId: accepted.body.jobId,
      status: 'completed',
      attempts: 1,
      delivery: { status: 'delivered', attempts: 3, lastStatusCode: 200 },
    });
    expect(received).toHaveLength(3);
    const verifier = new Webhook(webhookSecret);
    for (const { headers, body } of received) {
      expect(headers['x-callback-token']).toBe('secret-token');
      expect(verifier.verify(body, headers as Record<string, string>)).toEqual({
        jobId: accepted.body.jobId,
        status: 'completed',
        result: job.result,
      });
    }
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const account = await api().get('/v1/api/account').auth(key, { type: 'bearer' });
    expect(account.body.account.credits).toBe(1);
    expect(account.body.usage.last30Days).toEqual({ scrapeAsync: { count: 1, credits: 1 } });
  });

  it('rejects a private callback URL with 400 and hides other accounts’ jobs', async () => {
    const rejected = await api()
      .post('/v1/api/scrape/async')
      .auth(key, { type: 'bearer' })
      .send({ url: `${origin.origin}/story`, callbackUrl: 'http://169.254.169.254/' });
    expect(rejected.status).toBe(400);
    expect(rejected.body.details).toHaveProperty('callbackUrl');
    expect(
      (
        await api()
          .post('/v1/api/scrape/async')
          .auth(key, { type: 'bearer' })
          .send({ url: `${origin.origin}/story` })
      ).body.details,
    ).toHaveProperty('callbackUrl');
    const other = await api()
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'other@example.com', credits: 1 });
    const mine = await api()
      .post('/v1/api/scrape/async')
      .auth(key, { type: 'bearer' })
      .send({ url: `${origin.origin}/story`, callbackUrl: `${origin.origin}/hook` });
    const foreign = await api()
      .get(`/v1/api/scrape/jobs/${mine.body.jobId}`)
      .auth(other.body.apiKey, { type: 'bearer' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: expect.any(String) });
  });
});
