import { CanActivate, ExecutionContext, ForbiddenException } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { AccountsModule, AccountsService, ApiKeysService, CreditLedger } from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { NetModule } from '@quarry/net';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ScrapeHttpModule, ScrapeModule, ScrapeService } from '../src';
import { HostApp, startScrapeHost } from './support/host-app';

/** A host's own authentication: a team token, acting for the team's account. */
class TeamTokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest();
    if (request.headers['x-team-token'] !== 'team-a-secret') throw new ForbiddenException('Unknown team.');
    request.auth = { accountId: 'team-a' };
    return true;
  }
}

describe('Authentication and billing as ports', () => {
  let origin: FixtureServer;
  const article = `<html><head><title>Ports</title></head><body><article><h1>Ports</h1><p>${'Readable text about ports and adapters. '.repeat(20)}</p></article></body></html>`;

  beforeAll(async () => {
    origin = await startFixtureServer({ '/article': { body: article } });
  });
  afterAll(() => origin.close());

  describe('a host without AccountsModule or a job queue', () => {
    let host: HostApp;

    beforeAll(async () => {
      host = await startScrapeHost(
        [
          ScrapeModule.forRoot({}),
          ScrapeHttpModule.forRoot({ guard: new TeamTokenGuard() }),
          RouterModule.register([{ path: 'quarry', module: ScrapeHttpModule }]),
        ],
        [origin.hostPort],
      );
    });
    afterAll(() => host.close());

    it('scrapes synchronously through the programmatic service', async () => {
      const { result } = await host.app.get(ScrapeService).scrape('team-a', { url: origin.url('/article') });
      expect(result.markdown).toContain('Readable text about ports and adapters.');
    });

    it("protects the routes with the host's guard, whose errors reach the host's filter", async () => {
      const server = host.app.getHttpServer();
      const refused = await request(server)
        .post('/quarry/scrape')
        .send({ url: origin.url('/article') });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        hostError: true,
        detail: { statusCode: 403, message: 'Unknown team.', error: 'Forbidden' },
      });
      const scraped = await request(server)
        .post('/quarry/scrape')
        .set('x-team-token', 'team-a-secret')
        .send({ url: origin.url('/article'), forceFresh: true });
      expect(scraped.status).toBe(200);
      expect(scraped.body.markdown).toContain('Readable text about ports and adapters.');
    });

    it("answers Quarry's own errors on the same routes in the API's error shape", async () => {
      const invalid = await request(host.app.getHttpServer())
        .post('/quarry/scrape')
        .set('x-team-token', 'team-a-secret')
        .send({ url: origin.url('/article'), colour: 'red' });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({
        error: 'invalid_request',
        message: 'The request is invalid.',
        details: { colour: 'is not an allowed field' },
      });
    });

    it('answers an async scrape with 501, naming what async scrapes need', async () => {
      const submitted = await request(host.app.getHttpServer())
        .post('/quarry/scrape/async')
        .set('x-team-token', 'team-a-secret')
        .send({ url: origin.url('/article'), callbackUrl: origin.url('/callback') });
      expect(submitted.status).toBe(501);
      expect(submitted.body).toEqual({
        error: 'not_implemented',
        message: expect.stringMatching(/need a JobQueue .*DatabaseQueueModule .*BullQueueModule/),
      });
    });
  });

  it('refuses to boot HTTP routes with no guard and no AccountsModule, naming both fixes', async () => {
    const building = Test.createTestingModule({
      imports: [
        QuarryCoreModule,
        QuarryDataSourceModule,
        NetModule.forRoot({ isGlobal: true }),
        BrowserModule.forRoot({ isGlobal: true }),
        ScrapeModule.forRoot({}),
        ScrapeHttpModule,
      ],
    })
      .useMocker((token) => (token === DataSource ? ({} as DataSource) : undefined))
      .compile();
    await expect(building).rejects.toThrow(
      /import AccountsModule .* or pass ScrapeHttpModule\.forRoot\(\{ guard \}\)/,
    );
  });

  describe('price 0 with Quarry accounts', () => {
    let host: HostApp;
    let apiKey: string;
    let accountId: string;

    beforeAll(async () => {
      host = await startScrapeHost(
        [AccountsModule.forRoot({}), ScrapeModule.forRoot({ price: 0 }), ScrapeHttpModule],
        [origin.hostPort],
      );
      accountId = (await host.app.get(AccountsService).create('free@example.com', 0)).id;
      apiKey = (await host.app.get(ApiKeysService).create(accountId)).apiKey;
    });
    afterAll(() => host.close());

    it('scrapes for an account without credits and writes nothing to its ledger', async () => {
      const response = await request(host.app.getHttpServer())
        .post('/scrape')
        .set('authorization', `Bearer ${apiKey}`)
        .send({ url: origin.url('/article') });
      expect(response.status).toBe(200);
      const ledger = host.app.get(CreditLedger);
      expect(await ledger.balance(accountId)).toBe(0);
      expect(await ledger.reserved(accountId)).toBe(0);
      expect(await ledger.usageSince(accountId, new Date(0))).toEqual({});
    });
  });
});
