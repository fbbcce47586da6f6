import { Controller, Get, INestApplication, Post, UseFilters } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { QuarryCoreModule } from '@quarry/core';
import { CurrentAccount, CurrentApiKey, MeteredRoute, QuarryBody, QuarryExceptionFilter } from '@quarry/http';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { createTestDatabase, TestDatabase, testDatabaseEngines, testDataSourceModule } from '@quarry/testing';
import { IsString, Matches } from 'class-validator';
import { DataSource } from 'typeorm';
import {
  AccountsModule,
  accountsEntities,
  accountsMigrations,
  AccountsService,
  ApiKeysService,
  LedgerBilling,
  RequestLog,
  requestLogPage,
  RequireApiKey,
} from '../src';

class FetchBody {
  @IsString()
  @Matches(/^https:\/\//)
  url!: string;
}

@Controller('work')
@RequireApiKey()
@UseFilters(QuarryExceptionFilter)
class WorkController {
  constructor(private readonly billing: LedgerBilling) {}

  @Post('fetch')
  @MeteredRoute({ charges: 'fetch' })
  async fetch(
    @CurrentAccount() accountId: string,
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: FetchBody,
  ) {
    await this.billing.charge({
      accountId,
      apiKeyId,
      operation: 'fetch',
      referenceId: randomUUID(),
      price: 2,
    });
    return { fetched: body.url };
  }

  @Get('status')
  status() {
    return { ok: true };
  }
}

async function appWith(dataSource: DataSource, requestLog?: boolean) {
  const moduleRef = await Test.createTestingModule({
    imports: [
      testDataSourceModule(dataSource),
      QuarryCoreModule,
      QuarryDataSourceModule,
      AccountsModule.forRoot(requestLog === undefined ? {} : { requestLog }),
    ],
    controllers: [WorkController],
  }).compile();
  return moduleRef.createNestApplication().init();
}

describe.each(testDatabaseEngines())('the request log on %s', (engine) => {
  let database: TestDatabase;
  let app: INestApplication;
  let accountId: string;
  const keys: { id: string; secret: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine, {
      entities: accountsEntities,
      migrations: accountsMigrations,
    });
    app = await appWith(database.dataSource);
    accountId = (await app.get(AccountsService).create(`log-${engine}@example.com`, 100)).id;
    for (let i = 0; i < 2; i++) {
      const { key, apiKey } = await app.get(ApiKeysService).create(accountId);
      keys.push({ id: key.id, secret: apiKey });
    }
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const page = (filter: Partial<Parameters<typeof requestLogPage>[2]> = {}) =>
    requestLogPage(database.dataSource, accountId, { limit: 50, now: new Date(), ...filter });
  const post = (key: string, body: object) =>
    request(app.getHttpServer()).post('/work/fetch').auth(key, { type: 'bearer' }).send(body);

  it('records each request made with a key once its response is out: key, route, URL, status, credits', async () => {
    const longUrl = `https://example.com/${'a'.repeat(3000)}`;
    expect((await post(keys[0].secret, { url: 'https://example.com/one' })).status).toBe(201);
    expect((await post(keys[1].secret, { url: longUrl })).status).toBe(201);
    expect((await post(keys[1].secret, { url: 'not a url' })).status).toBe(400);
    expect(
      (await request(app.getHttpServer()).get('/work/status').auth(keys[0].secret, { type: 'bearer' }))
        .status,
    ).toBe(200);
    expect((await request(app.getHttpServer()).get('/work/status')).status).toBe(401);
    await app.get(RequestLog).flush();

    const { entries } = await page();
    const seen = entries.map(({ apiKeyId, route, operation, url, status, credits }) => ({
      apiKeyId,
      route,
      operation,
      url,
      status,
      credits,
    }));
    expect(seen).toHaveLength(4);
    expect(seen).toEqual(
      expect.arrayContaining([
        {
          apiKeyId: keys[0].id,
          route: 'GET /work/status',
          operation: null,
          url: null,
          status: 200,
          credits: 0,
        },
        {
          apiKeyId: keys[1].id,
          route: 'POST /work/fetch',
          operation: 'fetch',
          url: 'not a url',
          status: 400,
          credits: 0,
        },
        {
          apiKeyId: keys[1].id,
          route: 'POST /work/fetch',
          operation: 'fetch',
          url: longUrl.slice(0, 2048),
          status: 201,
          credits: 2,
        },
        {
          apiKeyId: keys[0].id,
          route: 'POST /work/fetch',
          operation: 'fetch',
          url: 'https://example.com/one',
          status: 201,
          credits: 2,
        },
      ]),
    );
    expect(entries.every((entry) => entry.durationMs >= 0)).toBe(true);
  });

  it('gives each of concurrent requests of one key the charge it made', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(keys[0].secret, { url: `https://example.com/c${i}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
    await app.get(RequestLog).flush();
    const concurrent = (await page()).entries.filter((entry) =>
      entry.url?.startsWith('https://example.com/c'),
    );
    expect(concurrent.map((entry) => entry.credits)).toEqual(Array(6).fill(2));
  });

  it('pages newest first with a cursor, and filters by key and by status class', async () => {
    const first = await page({ limit: 3 });
    expect(first.entries).toHaveLength(3);
    const second = await page({ limit: 3, before: first.next });
    expect(second.entries[0].createdAt.getTime()).toBeLessThanOrEqual(first.entries[2].createdAt.getTime());
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.id)).size).toBe(6);

    expect((await page({ apiKeyId: keys[1].id })).entries.map((entry) => entry.status).sort()).toEqual([
      201, 400,
    ]);
    expect((await page({ statusClass: 4 })).entries.map((entry) => entry.url)).toEqual(['not a url']);
    await expect(page({ before: 'nonsense' })).rejects.toMatchObject({ status: 400 });
  });

  it('purges rows older than 7 days, and hides them until then', async () => {
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    await database.dataSource.query(
      engine === 'postgres'
        ? 'UPDATE quarry_request_log SET created_at = $1 WHERE route = $2'
        : 'UPDATE quarry_request_log SET created_at = ? WHERE route = ?',
      [eightDaysAgo, 'GET /work/status'],
    );
    expect((await page()).entries.some((entry) => entry.route === 'GET /work/status')).toBe(false);
    const countOld = async () =>
      Number(
        (
          await database.dataSource.query(
            `SELECT COUNT(*) AS n FROM quarry_request_log WHERE created_at < ${Date.now() - 7 * 86_400_000}`,
          )
        )[0].n,
      );
    expect(await countOld()).toBe(1);
    await app.get(RequestLog).purgeBefore(Date.now() - 7 * 24 * 60 * 60 * 1000);
    expect(await countOld()).toBe(0);
  });
});

describe('AccountsModule with requestLog: false', () => {
  it('records nothing', async () => {
    const database = await createTestDatabase('sqlite', {
      entities: accountsEntities,
      migrations: accountsMigrations,
    });
    const app = await appWith(database.dataSource, false);
    try {
      const account = await app.get(AccountsService).create('quiet@example.com', 10);
      const { apiKey } = await app.get(ApiKeysService).create(account.id);
      const response = await request(app.getHttpServer())
        .post('/work/fetch')
        .auth(apiKey, { type: 'bearer' })
        .send({ url: 'https://example.com/' });
      expect(response.status).toBe(201);
      await app.get(RequestLog).flush();
      const [{ n }] = await database.dataSource.query('SELECT COUNT(*) AS n FROM quarry_request_log');
      expect(Number(n)).toBe(0);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
