import { Controller, Get, INestApplication, UseFilters, UseGuards } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import request from 'supertest';
import { MissingModuleRequirementError, QuarryCoreModule } from '@quarry/core';
import { QuarryExceptionFilter } from '@quarry/http';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { createTestDatabase, TestDatabase, testDataSourceModule } from '@quarry/testing';
import {
  AccountsModule,
  accountsEntities,
  accountsMigrations,
  AccountsService,
  ApiKeysService,
  RequireApiKey,
} from '../src';

@Controller('host')
@UseGuards(ThrottlerGuard)
class HostController {
  @Get()
  ok() {
    return { route: 'host' };
  }
}

@Controller('quarry')
@RequireApiKey()
@UseFilters(QuarryExceptionFilter)
class QuarryRouteController {
  @Get()
  ok() {
    return { route: 'quarry' };
  }
}

describe('AccountsModule in a host with its own ThrottlerModule', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let apiKey: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', {
      entities: accountsEntities,
      migrations: accountsMigrations,
    });
    const moduleRef = await Test.createTestingModule({
      imports: [
        testDataSourceModule(database.dataSource),
        QuarryCoreModule,
        QuarryDataSourceModule,
        ThrottlerModule.forRoot([{ ttl: 60_000, limit: 2 }]),
        AccountsModule.forRoot({ readRequestsPerMinute: 3 }),
      ],
      controllers: [HostController, QuarryRouteController],
    }).compile();
    app = await moduleRef.createNestApplication().init();
    const account = await app.get(AccountsService).create('host@example.com', 0);
    ({ apiKey } = await app.get(ApiKeysService).create(account.id));
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  it("keeps the host's limits on the host's routes", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await request(app.getHttpServer()).get('/host')).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("limits Quarry's routes by key with its own limits, not the host's, and says how much is left", async () => {
    const responses = [];
    for (let i = 0; i < 4; i++)
      responses.push(await request(app.getHttpServer()).get('/quarry').auth(apiKey, { type: 'bearer' }));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 429]);
    expect(responses[0].headers).toMatchObject({
      'x-ratelimit-limit-reads': '3',
      'x-ratelimit-remaining-reads': '2',
      'x-ratelimit-reset-reads': '60',
    });
    expect(responses[2].headers['x-ratelimit-remaining-reads']).toBe('0');
    expect(responses[3].body).toMatchObject({ error: 'rate_limited' });
    expect(Number(responses[3].headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('AccountsModule requirements', () => {
  it('fails the boot naming each missing piece and what to import', async () => {
    const compiling = Test.createTestingModule({ imports: [AccountsModule.forRoot({})] }).compile();
    await expect(compiling).rejects.toThrow(MissingModuleRequirementError);
    await expect(compiling).rejects.toThrow(
      /AccountsModule cannot start[\s\S]*TypeOrmModule\.forRoot\(\)[\s\S]*QuarryCoreModule/,
    );
  });
});
