import { CanActivate, ExecutionContext, UnauthorizedException } from '@nestjs/common';
import request from 'supertest';
import { AccountsModule, AccountsService } from '@quarry/accounts';
import { FreeBilling } from '@quarry/core';
import { DatabaseQueueModule } from '@quarry/queue-db';
import { eventually, FixtureServer, startFixtureServer } from '@quarry/testing';
import { ScrapeHttpModule, ScrapeModule } from '../src';
import { HostApp, startScrapeHost } from './support/host-app';

interface HostRequest {
  headers: Record<string, string | undefined>;
  user?: { id: string };
}

/** A host's own sign-in: the user named by a header the host trusts. */
class HostUserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<HostRequest>();
    const id = request.headers['x-host-user'];
    if (!id) throw new UnauthorizedException('Sign in first.');
    request.user = { id };
    return true;
  }
}

/** A host guard that names a Quarry account directly, rightly or not. */
class AccountHeaderGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<HostRequest & { auth?: { accountId: string } }>();
    request.auth = { accountId: request.headers['x-account'] ?? '' };
    return true;
  }
}

describe("Quarry accounts for a host's own users", () => {
  let origin: FixtureServer;
  const article = `<html><head><title>Users</title></head><body><article><h1>Users</h1><p>${'Readable text for the host users. '.repeat(20)}</p></article></body></html>`;

  beforeAll(async () => {
    origin = await startFixtureServer({ '/article': { body: article }, '/hook': { status: 200 } });
  });
  afterAll(() => origin.close());

  describe('with an account resolver', () => {
    let host: HostApp;

    beforeAll(async () => {
      host = await startScrapeHost(
        [
          AccountsModule.forRoot({}),
          DatabaseQueueModule.forRoot({ pollIntervalMs: 20, shutdownGraceMs: 1000 }),
          ScrapeModule.forRoot({ billing: new FreeBilling() }),
          ScrapeHttpModule.forRootAsync({
            inject: [AccountsService],
            useFactory: (accounts: AccountsService) => ({
              guard: new HostUserGuard(),
              resolveAccount: async (request: HostRequest) =>
                (await accounts.ensureAccount(request.user!.id)).id,
            }),
          }),
        ],
        [origin.hostPort],
      );
    });
    afterAll(() => host.close());

    it("makes each host user's account on first use and acts for it from then on", async () => {
      const server = host.app.getHttpServer();
      for (let i = 0; i < 2; i++) {
        const scraped = await request(server)
          .post('/scrape')
          .set('x-host-user', 'user-1')
          .send({ url: origin.url('/article') });
        expect(scraped.status).toBe(200);
      }
      const accounts = host.app.get(AccountsService);
      const [first, again] = await Promise.all([
        accounts.ensureAccount('user-1'),
        accounts.ensureAccount('user-1'),
      ]);
      expect(again.id).toBe(first.id);
      expect(first).toEqual({ id: first.id, email: '', credits: 0 });
    });

    it("runs a host user's async scrape through to its callback", async () => {
      const server = host.app.getHttpServer();
      const submitted = await request(server)
        .post('/scrape/async')
        .set('x-host-user', 'user-2')
        .send({ url: origin.url('/article'), callbackUrl: origin.url('/hook') });
      expect(submitted.status).toBe(202);
      const status = () =>
        request(server).get(`/scrape/jobs/${submitted.body.jobId}`).set('x-host-user', 'user-2');
      await eventually(async () => (await status()).body.delivery?.status === 'delivered', 20_000);
      const job = (await status()).body;
      expect(job.status).toBe('completed');
      expect(job.result.markdown).toContain('Readable text for the host users.');
      const other = await request(server)
        .get(`/scrape/jobs/${submitted.body.jobId}`)
        .set('x-host-user', 'user-3');
      expect(other.status).toBe(404);
    });

    it("leaves the host guard's refusal to the host guard", async () => {
      const refused = await request(host.app.getHttpServer())
        .post('/scrape')
        .send({ url: origin.url('/article') });
      expect(refused.status).toBe(401);
    });
  });

  describe('with a host guard naming accounts itself', () => {
    let host: HostApp;
    let known: string;

    beforeAll(async () => {
      host = await startScrapeHost(
        [
          AccountsModule.forRoot({}),
          DatabaseQueueModule.forRoot({ pollIntervalMs: 20, shutdownGraceMs: 1000 }),
          ScrapeModule.forRoot({ billing: new FreeBilling() }),
          ScrapeHttpModule.forRoot({ guard: new AccountHeaderGuard() }),
        ],
        [origin.hostPort],
      );
      known = (await host.app.get(AccountsService).create('known@example.com', 0)).id;
    });
    afterAll(() => host.close());

    it('refuses work for an account Quarry does not know before accepting any', async () => {
      const server = host.app.getHttpServer();
      const submitted = await request(server)
        .post('/scrape/async')
        .set('x-account', 'ghost')
        .send({ url: origin.url('/article'), callbackUrl: origin.url('/hook') });
      expect(submitted.status).toBe(403);
      expect(submitted.body).toEqual({
        error: 'forbidden',
        message: 'The request acts for account "ghost", which Quarry does not know.',
      });
      const accepted = await request(server)
        .post('/scrape/async')
        .set('x-account', known)
        .send({ url: origin.url('/article'), callbackUrl: origin.url('/hook') });
      expect(accepted.status).toBe(202);
    });
  });
});
