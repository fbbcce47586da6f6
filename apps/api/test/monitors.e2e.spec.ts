import { IncomingHttpHeaders } from 'node:http';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

const lines = [
  'Opening hours are Monday to Friday, from nine until five, all year round.',
  'The basic plan costs ten euros per month, billed yearly.',
];
const page = (
  body: string[],
) => `<!doctype html><html><head><title>Watched page</title></head><body><article><h1>Watched page</h1>
<p>An introduction that stays the same on every check, long enough to be readable content.</p>
${body.map((line) => `<p>${line}</p>`).join('\n')}</article></body></html>`;

describe('/v1/api/monitors (docs/api.md §6)', () => {
  let origin: FixtureServer;
  let t: TestApp;
  let key: string;
  let content = lines;
  const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/watched': () => ({ body: page(content) }),
      '/hook': (req, body) => {
        hooks.push({ headers: req.headers, body: body.toString('utf8') });
        return { status: 200 };
      },
    });
    t = await startTestApp({ QUARRY_ALLOW_HOSTS: origin.hostPort, QUARRY_CALLBACK_BACKOFF_MS: '100' });
    key = (await account('watcher@example.com', 10)).apiKey;
  });
  afterAll(async () => {
    await t.close();
    await origin.close();
  });

  const api = () => request(t.url);
  async function account(email: string, credits: number): Promise<{ apiKey: string }> {
    return (
      await api().post('/v1/admin/accounts').auth(ADMIN_TOKEN, { type: 'bearer' }).send({ email, credits })
    ).body;
  }
  async function checks(id: string, count: number, query = ''): Promise<Record<string, unknown>[]> {
    for (let i = 0; i < 300; i++) {
      const response = await api().get(`/v1/api/monitors/${id}/checks${query}`).auth(key, { type: 'bearer' });
      if (response.body.checks?.length >= count) return response.body.checks;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`monitor ${id} did not reach ${count} checks`);
  }

  it('creates a monitor with a baseline check, detects a change, and signs the webhook with the returned secret', async () => {
    const created = await api()
      .post('/v1/api/monitors')
      .auth(key, { type: 'bearer' })
      .send({
        url: `${origin.origin}/watched`,
        intervalMinutes: 15,
        notifications: { webhook: { url: `${origin.origin}/hook` } },
      });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      monitor: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: `${origin.origin}/watched`,
        name: null,
        scope: 'content',
        selector: null,
        ignore: [],
        trigger: null,
        status: 'active',
        intervalMinutes: 15,
        lastCheckedAt: null,
        lastChangedAt: null,
        consecutiveFailures: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: expect.any(String),
        channels: [
          { id: expect.any(String), type: 'email', destination: 'watcher@example.com', enabled: true },
          { id: expect.any(String), type: 'webhook', destination: `${origin.origin}/hook`, enabled: true },
        ],
      },
      webhookSecret: expect.stringMatching(/^whsec_/),
    });
    const id = created.body.monitor.id;
    expect((await checks(id, 1))[0]).toMatchObject({
      monitorId: id,
      outcome: 'baseline',
      scrapeTier: 'http',
      errorCode: null,
    });

    content = [
      'Opening hours are Monday to Saturday, from eight until six, all year round.',
      'The basic plan costs twelve euros per month, billed yearly.',
    ];
    const run = await api().post(`/v1/api/monitors/${id}/run`).auth(key, { type: 'bearer' });
    expect(run.status).toBe(202);
    expect(run.body).toEqual({ status: 'queued' });
    const [changed, baseline] = await checks(id, 2);
    expect(changed).toMatchObject({ outcome: 'changed' });
    const snapshot = await api()
      .get(`/v1/api/monitors/${id}/checks/${baseline.id as string}/snapshot`)
      .auth(key, { type: 'bearer' });
    expect(snapshot.status).toBe(200);
    expect(snapshot.body).toEqual({
      snapshot: {
        checkId: baseline.id,
        checkedAt: baseline.checkedAt,
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        title: 'Watched page',
        text: expect.stringContaining(lines[1]),
      },
    });
    const events = await api().get(`/v1/api/monitors/${id}/events`).auth(key, { type: 'bearer' });
    expect(events.body.events).toHaveLength(1);
    expect(events.body.events[0]).toMatchObject({
      monitorId: id,
      summary: { addedLines: content, removedLines: lines, addedCount: 2, removedCount: 2 },
      currentTitle: 'Watched page',
    });

    for (let i = 0; i < 200 && hooks.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const payload = new Webhook(created.body.webhookSecret).verify(
      hooks[0].body,
      hooks[0].headers as Record<string, string>,
    );
    expect(payload).toEqual({
      type: 'monitor.changed',
      monitor: expect.objectContaining({ id, lastChangedAt: expect.any(String) }),
      event: events.body.events[0],
    });

    // No QUARRY_SMTP_URL: the email is recorded in the database instead of sent.
    const dataSource = t.app.get(DataSource);
    let emails: { status: string; message: string }[] = [];
    for (let i = 0; i < 200 && emails[0]?.status !== 'recorded'; i++) {
      emails = await dataSource.query(
        `SELECT status, message FROM quarry_monitor_notifications WHERE monitor_id = '${id}' AND channel_type = 'email'`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(emails).toHaveLength(1);
    expect(emails[0].status).toBe('recorded');
    expect(JSON.parse(emails[0].message)).toMatchObject({
      subject: 'Change detected: Watched page',
      text: expect.stringContaining(`+ ${content[0]}`),
    });

    const account = await api().get('/v1/api/account').auth(key, { type: 'bearer' });
    expect(account.body.usage.last30Days.monitorCheck).toEqual({ count: 2, credits: 2 });

    const secret = await api().get(`/v1/api/monitors/${id}/webhook-secret`).auth(key, { type: 'bearer' });
    expect([secret.status, secret.body]).toEqual([200, { webhookSecret: created.body.webhookSecret }]);
    const rotated = await api()
      .post(`/v1/api/monitors/${id}/webhook-secret/rotate`)
      .auth(key, { type: 'bearer' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.body.webhookSecret).not.toBe(created.body.webhookSecret);
    const reread = await api().get(`/v1/api/monitors/${id}/webhook-secret`).auth(key, { type: 'bearer' });
    expect(reread.body).toEqual(rotated.body);
  });

  it('lists, pauses, resumes, pages and deletes; foreign and unknown ids are 404', async () => {
    const created = await api()
      .post('/v1/api/monitors')
      .auth(key, { type: 'bearer' })
      .send({ url: `${origin.origin}/watched`, notifications: { email: false } });
    const id = created.body.monitor.id;
    await checks(id, 1);
    const list = await api().get('/v1/api/monitors').auth(key, { type: 'bearer' });
    expect(list.status).toBe(200);
    expect(list.body.monitors[0].id).toBe(id);
    expect(list.body.monitors).toHaveLength(2);

    const paused = await api()
      .patch(`/v1/api/monitors/${id}`)
      .auth(key, { type: 'bearer' })
      .send({ status: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.body.monitor.status).toBe('paused');
    expect((await api().post(`/v1/api/monitors/${id}/run`).auth(key, { type: 'bearer' })).status).toBe(404);
    const resumed = await api()
      .patch(`/v1/api/monitors/${id}`)
      .auth(key, { type: 'bearer' })
      .send({ status: 'active', intervalMinutes: 30 });
    expect(resumed.body.monitor).toMatchObject({
      status: 'active',
      intervalMinutes: 30,
      consecutiveFailures: 0,
    });
    const all = await checks(id, 2);
    const first = await api().get(`/v1/api/monitors/${id}/checks?limit=1`).auth(key, { type: 'bearer' });
    expect(first.body.checks).toEqual([all[0]]);
    const next = await api()
      .get(`/v1/api/monitors/${id}/checks?limit=1&before=${encodeURIComponent(all[0].checkedAt as string)}`)
      .auth(key, { type: 'bearer' });
    expect(next.body.checks).toEqual([all[1]]);
    expect(
      (await api().get(`/v1/api/monitors/${id}/checks?limit=500`).auth(key, { type: 'bearer' })).status,
    ).toBe(400);
    expect(
      (await api().get(`/v1/api/monitors/${id}/checks?before=yesterday`).auth(key, { type: 'bearer' }))
        .status,
    ).toBe(400);

    const other = await account('stranger@example.com', 5);
    for (const [method, path] of [
      ['get', `/v1/api/monitors/${id}`],
      ['patch', `/v1/api/monitors/${id}`],
      ['delete', `/v1/api/monitors/${id}`],
      ['post', `/v1/api/monitors/${id}/run`],
      ['get', `/v1/api/monitors/${id}/checks`],
      ['get', `/v1/api/monitors/${id}/events`],
      ['get', `/v1/api/monitors/${id}/webhook-secret`],
      ['post', `/v1/api/monitors/${id}/webhook-secret/rotate`],
      ['get', '/v1/api/monitors/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await api()
        [method](path)
        .auth(other.apiKey, { type: 'bearer' })
        .send(method === 'patch' ? { status: 'paused' } : undefined);
      expect([path, response.status, response.body.error]).toEqual([path, 404, 'not_found']);
    }

    expect((await api().delete(`/v1/api/monitors/${id}`).auth(key, { type: 'bearer' })).status).toBe(204);
    expect((await api().get(`/v1/api/monitors/${id}`).auth(key, { type: 'bearer' })).status).toBe(404);
    expect((await api().get(`/v1/api/monitors/${id}/checks`).auth(key, { type: 'bearer' })).status).toBe(404);
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT COUNT(*) AS n FROM quarry_monitor_checks WHERE monitor_id = '${id}'`);
    expect(Number(rows[0].n)).toBe(0);
  });

  it('answers 400, 401 and 402 with the JSON error bodies of the API', async () => {
    const post = (body: unknown, auth = key) =>
      api()
        .post('/v1/api/monitors')
        .auth(auth, { type: 'bearer' })
        .send(body as object);
    expect(
      (
        await api()
          .post('/v1/api/monitors')
          .send({ url: `${origin.origin}/watched` })
      ).status,
    ).toBe(401);
    const cases: [unknown, string][] = [
      [{}, 'url'],
      [{ url: 'http://169.254.169.254/' }, 'url'],
      [{ url: `${origin.origin}/watched`, extra: 1 }, 'extra'],
      [{ url: `${origin.origin}/watched`, intervalMinutes: 1 }, 'intervalMinutes'],
      [
        { url: `${origin.origin}/watched`, notifications: { webhook: { url: 'http://192.168.0.1/hook' } } },
        'notifications.webhook.url',
      ],
      [
        {
          url: `${origin.origin}/watched`,
          notifications: { webhook: { url: `${origin.origin}/hook`, secret: 'short' } },
        },
        'notifications.webhook.secret',
      ],
      [
        {
          url: `${origin.origin}/watched`,
          notifications: { webhook: { url: `${origin.origin}/hook`, secret: 'x'.repeat(257) } },
        },
        'notifications.webhook.secret',
      ],
      [{ url: `${origin.origin}/watched`, notifications: { sms: true } }, 'notifications.sms'],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect([field, response.status, response.body.error]).toEqual([field, 400, 'invalid_request']);
      expect(response.body.details).toHaveProperty([field]);
    }
    const plain = await post({
      url: `${origin.origin}/watched`,
      notifications: { webhook: { url: `${origin.origin}/hook`, secret: '!!!!a plain-text secret!!!!' } },
    });
    expect(plain.status).toBe(201);
    expect(plain.body.webhookSecret).toBe('!!!!a plain-text secret!!!!');
    const missing = await post({ intervalMinutes: 60 });
    expect(missing.body.details).toEqual({ url: 'url is required' });
    const notHttp = await post({ url: 'example.com/watched' });
    expect(notHttp.body.details).toEqual({ url: 'url must be an http(s) URL' });
    const broke = await account('broke@example.com', 0);
    const refused = await post({ url: `${origin.origin}/watched` }, broke.apiKey);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ error: 'payment_required', message: expect.any(String) });
  });

  it('documents the monitor endpoints in the OpenAPI document', async () => {
    const doc = (await api().get('/openapi.json')).body;
    for (const path of [
      '/v1/api/monitors',
      '/v1/api/monitors/{id}',
      '/v1/api/monitors/{id}/run',
      '/v1/api/monitors/{id}/checks',
      '/v1/api/monitors/{id}/events',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.paths['/v1/api/monitors/{id}'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
  });
});
