import request from 'supertest';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

describe('API conventions (docs/api.md §1, §3, §10)', () => {
  let t: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    t = await startTestApp({ QUARRY_RATE_LIMIT_READS_PER_MINUTE: '1000' });
    const created = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'a@example.com', credits: 5 });
    expect(created.status).toBe(201);
    apiKey = created.body.apiKey;
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    it.each([
      ['no key', {}, 'Bearer realm="quarry"'],
      [
        'a malformed Authorization header',
        { authorization: 'Basic dXNlcjpwYXNz' },
        'Bearer realm="quarry", error="invalid_token"',
      ],
      [
        'an unknown key',
        { authorization: `Bearer qk_live_${'A'.repeat(43)}` },
        'Bearer realm="quarry", error="invalid_token"',
      ],
      [
        'an unknown legacy key',
        { 'x-api-key': 'qk_live_nope' },
        'Bearer realm="quarry", error="invalid_token"',
      ],
    ])('answers 401 with the JSON error body for %s', async (_name, headers, challenge) => {
      const response = await request(t.url)
        .get('/v1/api/account')
        .set(headers as Record<string, string>);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
      expect(response.headers['www-authenticate']).toBe(challenge);
    });

    it('accepts the key as a bearer token and as x-api-key', async () => {
      const bearer = await request(t.url).get('/v1/api/account').auth(apiKey, { type: 'bearer' });
      const legacy = await request(t.url).get('/v1/api/account').set('x-api-key', apiKey);
      expect(bearer.status).toBe(200);
      expect(legacy.status).toBe(200);
      expect(bearer.body).toEqual({
        account: { id: expect.any(String), email: 'a@example.com', credits: 5, reservedCredits: 0 },
        usage: { last30Days: {} },
      });
    });

    it('stops accepting a revoked key', async () => {
      const account = await request(t.url).get('/v1/api/account').auth(apiKey, { type: 'bearer' });
      const second = await request(t.url)
        .post(`/v1/admin/accounts/${account.body.account.id}/keys`)
        .auth(ADMIN_TOKEN, { type: 'bearer' });
      expect(second.status).toBe(201);
      const revoked = await request(t.url)
        .post('/v1/admin/keys/revoke')
        .auth(ADMIN_TOKEN, { type: 'bearer' })
        .send({ keyPrefix: second.body.key.prefix });
      expect(revoked.status).toBe(200);
      expect(
        (await request(t.url).get('/v1/api/account').auth(second.body.apiKey, { type: 'bearer' })).status,
      ).toBe(401);
      expect((await request(t.url).get('/v1/api/account').auth(apiKey, { type: 'bearer' })).status).toBe(200);
    });
  });

  describe('request bodies', () => {
    const admin = () => request(t.url).post('/v1/admin/accounts').auth(ADMIN_TOKEN, { type: 'bearer' });

    it('rejects unknown fields with details per field', async () => {
      const response = await admin().send({ email: 'b@example.com', credits: 1, colour: 'red' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'invalid_request',
        message: expect.any(String),
        details: { colour: expect.any(String) },
      });
    });

    it('rejects invalid values with details per field', async () => {
      const response = await admin().send({ email: 'not-an-email', credits: -1 });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details).sort()).toEqual(['credits', 'email']);
    });

    it('rejects malformed JSON with a 400 JSON body', async () => {
      const response = await admin().set('content-type', 'application/json').send('{"email": ');
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: 'invalid_request',
        details: { body: expect.any(String) },
      });
    });

    it.each([
      ['an array', '[1,2]'],
      ['a string', '"text"'],
      ['null', 'null'],
    ])('rejects %s as the body', async (_name, body) => {
      const response = await admin().set('content-type', 'application/json').send(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    });

    it.each([
      ['an array', `{"email":"d@example.com","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
      ['an object', `{"email":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`],
    ])('answers JSON nested 10,000 levels deep in %s with 400 details.body', async (_name, body) => {
      const response = await admin().set('content-type', 'application/json').send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'invalid_request',
        message: expect.any(String),
        details: { body: expect.stringContaining('levels deep') },
      });
    });

    it.each(['__proto__', 'constructor', 'prototype'])(
      'refuses the key %s as an unknown field',
      async (key) => {
        const response = await admin()
          .set('content-type', 'application/json')
          .send(`{"email":"e@example.com","${key}":{"credits":5}}`);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error: 'invalid_request',
          message: expect.any(String),
          details: { [key]: 'is not an allowed field' },
        });
      },
    );

    it('refuses a prototype key inside a nested object of a monitor', async () => {
      const response = await request(t.url)
        .post('/v1/api/monitors')
        .auth(apiKey, { type: 'bearer' })
        .set('content-type', 'application/json')
        .send(
          '{"url":"https://example.com/","notifications":{"webhook":{"url":"https://example.com/h","__proto__":{}}}}',
        );
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual({ 'notifications.webhook.__proto__': 'is not an allowed field' });
    });

    it.each([
      ['an unsupported charset', { 'content-type': 'application/json; charset=latin-7' }],
      [
        'an unsupported content encoding',
        { 'content-type': 'application/json', 'content-encoding': 'x-unknown' },
      ],
      ['a broken gzip stream', { 'content-type': 'application/json', 'content-encoding': 'gzip' }],
    ])('answers a body with %s with 400 details.body', async (_name, headers) => {
      const response = await admin().set(headers).send('{"email":"f@example.com"}');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'invalid_request',
        message: expect.any(String),
        details: { body: expect.any(String) },
      });
    });

    it('rejects a 2 MiB body with 413', async () => {
      const response = await admin()
        .set('content-type', 'application/json')
        .send(JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }));
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ error: 'payload_too_large', message: expect.any(String) });
    });
  });

  it('ignores the body of a GET, which has no meaning there', async () => {
    const response = await request(t.url)
      .get('/v1/api/account')
      .auth(apiKey, { type: 'bearer' })
      .set('content-type', 'application/json')
      .send('{"not json');
    expect(response.status).toBe(200);
    expect(response.body.account).toEqual(expect.objectContaining({ email: 'a@example.com' }));
  });

  it('answers a path that is not valid percent-encoding with 400 details.path', async () => {
    const response = await request(t.url).get('/v1/api/monitors/%FF').auth(apiKey, { type: 'bearer' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'invalid_request',
      message: expect.any(String),
      details: { path: expect.any(String) },
    });
  });

  it('answers unknown routes with a 404 JSON body', async () => {
    const response = await request(t.url).get('/v1/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', message: expect.any(String) });
  });

  it('reports health with database and queue checks', async () => {
    const response = await request(t.url).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      uptime: expect.any(Number),
      checks: { database: 'ok', queue: 'ok', browser: expect.stringMatching(/^(ok|idle)$/) },
    });
  });

  it('publishes an OpenAPI document with the bearer scheme and every route', async () => {
    const response = await request(t.url).get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.info.version).toBe('0.1.0');
    expect(response.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/v1/api/account',
        '/v1/admin/accounts',
        '/v1/admin/accounts/{id}/credits',
        '/v1/admin/keys/revoke',
      ]),
    );
    expect(
      response.body.paths['/v1/api/account'].get.responses['200'].content['application/json'].schema,
    ).toBeDefined();
    expect((await request(t.url).get('/docs')).status).toBe(200);
  });

  it('tags every response with a request id', async () => {
    const response = await request(t.url).get('/health').set('x-request-id', 'trace-123');
    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});
