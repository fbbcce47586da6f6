import { type INestApplication, Logger } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import {
  AccountsModule,
  AccountsService,
  ApiKeysService,
  CreditLedger,
  accountsEntities,
  accountsMigrations,
} from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { NetModule } from '@quarry/net';
import {
  createTestDatabase,
  testDatabaseEngines,
  testDataSourceModule,
  type TestDatabase,
} from '@quarry/testing';
import { BrandHttpModule, BrandModule } from '../src';
import { startFixtureSites, type FixtureSites } from './support/fixture-sites';

// POST /v1/api/brand as the app mounts it: API keys, the per-key rate limit and the credit ledger
// on each database engine; the price is reserved before any fetch, charged on success, released on failure.
describe.each(testDatabaseEngines())('POST /v1/api/brand on %s', (engine) => {
  let sites: FixtureSites;
  let database: TestDatabase;
  let app: INestApplication;
  let ledger: CreditLedger;
  const keys: Record<string, { apiKey: string; accountId: string }> = {};

  const post = (key: string | null, body: unknown) => {
    const call = request(app.getHttpServer()).post('/v1/api/brand');
    return (key ? call.set('authorization', `Bearer ${keys[key].apiKey}`) : call).send(body as object);
  };

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    sites = await startFixtureSites();
    sites.server.route('/missing', { status: 404, body: 'gone' });
    database = await createTestDatabase(engine, {
      entities: accountsEntities,
      migrations: accountsMigrations,
    });
    const moduleRef = await Test.createTestingModule({
      imports: [
        testDataSourceModule(database.dataSource),
        QuarryCoreModule,
        QuarryDataSourceModule,
        NetModule.forRoot({ isGlobal: true, allowHosts: sites.allowHosts, lookup: sites.lookup }),
        BrowserModule.forRoot({ isGlobal: true, maxPages: 2 }),
        AccountsModule.forRoot({ workRequestsPerMinute: 8 }),
        BrandModule.forRoot({}),
        BrandHttpModule,
        RouterModule.register([{ path: 'v1/api', module: BrandHttpModule }]),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    ledger = app.get(CreditLedger);
    for (const [name, credits] of [
      ['rich', 100],
      ['broke', 0],
      ['limited', 100],
    ] as const) {
      const accountId = (await app.get(AccountsService).create(`${name}@example.com`, credits)).id;
      keys[name] = { accountId, apiKey: (await app.get(ApiKeysService).create(accountId)).apiKey };
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await sites?.close();
  });

  it('answers { brand } and charges 1 credit, once', async () => {
    const response = await post('rich', { url: sites.url('mixed-saas') });
    expect(response.status).toBe(200);
    expect(response.body.brand).toMatchObject({
      url: sites.url('mixed-saas'),
      domain: 'mixed-saas.test',
      name: 'Relay',
      logo: { source: 'inline-svg', url: null },
      components: { buttonPrimary: { background: '#2563eb', text: '#ffffff', borderRadius: '6px' } },
    });
    expect(await ledger.balance(keys.rich.accountId)).toBe(99);
    expect(await ledger.reserved(keys.rich.accountId)).toBe(0);
    expect(await ledger.usageSince(keys.rich.accountId, new Date(0))).toEqual({
      brand: { count: 1, credits: 1 },
    });
  });

  it('answers 402 before fetching anything when the balance is below the price', async () => {
    const before = sites.server.hits('/');
    const response = await post('broke', { url: sites.url('no-logo') });
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: 'payment_required', message: expect.any(String) });
    expect(sites.server.hits('/')).toBe(before);
  });

  it.each([
    ['a private address', { url: 'http://10.0.0.7/' }, 'url'],
    ['a non-http URL', { url: 'ftp://example.com/' }, 'url'],
    ['an unknown field', { url: 'https://example.com/', colours: true }, 'colours'],
    ['a timeout out of range', { url: 'https://example.com/', timeoutMs: 10 }, 'timeoutMs'],
  ])('answers 400 invalid_request for %s, free of charge', async (_case, body, field) => {
    const response = await post('rich', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'invalid_request',
      details: { [field]: expect.any(String) },
    });
  });

  it('answers with scrape codes when the page fails, and releases the hold', async () => {
    const balance = await ledger.balance(keys.rich.accountId);
    const missing = await post('rich', { url: `${sites.url('no-logo')}missing` });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'URL_NOT_FOUND',
      message: expect.stringContaining('404'),
      url: `${sites.url('no-logo')}missing`,
    });
    const unknownHost = await post('rich', { url: 'http://nowhere.test/' });
    expect(unknownHost.status).toBe(404);
    expect(unknownHost.body).toMatchObject({ error: 'URL_NOT_FOUND', url: 'http://nowhere.test/' });
    expect(await ledger.balance(keys.rich.accountId)).toBe(balance);
    expect(await ledger.reserved(keys.rich.accountId)).toBe(0);
  });

  it('answers 401 without a key', async () => {
    const response = await post(null, { url: sites.url('no-logo') });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: 'unauthorized' });
  });

  it('limits the rate per key as scrape does, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await post('limited', { url: 'http://10.0.0.7/' })).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(400));
    const limited = await post('limited', { url: 'http://10.0.0.7/' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
