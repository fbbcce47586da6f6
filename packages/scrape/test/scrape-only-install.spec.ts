import type { INestApplication, ModuleMetadata } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { QuarryCoreModule } from '@quarry/core';
import { generateWebhookSecret, NetModule } from '@quarry/net';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule, queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import {
  createTestDatabase,
  eventually,
  FixtureServer,
  startFixtureServer,
  TestDatabase,
  testDataSourceModule,
} from '@quarry/testing';
import { ScrapeHttpModule, ScrapeJobsService, ScrapeModule, scrapeEntities, scrapeMigrations } from '../src';
import { loadBrowserPackage } from '../src/infrastructure/browser/browser-package';
import { browserTierProvider } from '../src/infrastructure/browser/browser-tier.provider';
import { BrowserTier } from '../src/ports/browser-tier';

const article = `<html><head><title>Lean</title></head><body><article><h1>Lean</h1><p>${'Text a scrape-only install reads over plain HTTP. '.repeat(20)}</p></article></body></html>`;

/**
 * What a host that installed neither @quarry/accounts nor @quarry/browser imports, on a fresh SQLite
 * database; @quarry/browser is resolved as Node resolves a package that is not installed.
 */
async function scrapeOnlyHost(
  database: TestDatabase,
  origin: FixtureServer,
  imports: ModuleMetadata['imports'],
): Promise<INestApplication> {
  const absentBrowser = browserTierProvider(loadBrowserPackage('quarry-browser-not-installed'));
  const moduleRef = await Test.createTestingModule({
    imports: [
      testDataSourceModule(database.dataSource),
      QuarryCoreModule,
      QuarryDataSourceModule,
      NetModule.forRoot({ allowHosts: [origin.hostPort], isGlobal: true }),
      ...(imports ?? []),
    ],
  })
    .overrideProvider(BrowserTier)
    .useFactory({ factory: absentBrowser.useFactory })
    .compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('a scrape-only install: no @quarry/accounts, no @quarry/browser', () => {
  let origin: FixtureServer;
  let database: TestDatabase;

  beforeAll(async () => {
    origin = await startFixtureServer({ '/article': { body: article } });
    database = await createTestDatabase('sqlite', {
      entities: [...queueDbEntities, ...scrapeEntities],
      migrations: [...queueDbMigrations, ...scrapeMigrations],
    });
  });
  afterAll(async () => {
    await database.destroy();
    await origin.close();
  });

  describe('sync scrapes', () => {
    let app: INestApplication;

    beforeAll(async () => {
      app = await scrapeOnlyHost(database, origin, [
        ScrapeModule.forRoot({}),
        ScrapeHttpModule.forRoot({ guard: false }),
      ]);
    });
    afterAll(() => app.close());

    it('scrapes over plain HTTP', async () => {
      const response = await request(app.getHttpServer())
        .post('/scrape')
        .send({ url: origin.url('/article') });
      expect(response.status).toBe(200);
      expect(response.body.markdown).toContain('Text a scrape-only install reads over plain HTTP.');
    });

    it('answers a request that needs the browser with 501 naming @quarry/browser', async () => {
      const response = await request(app.getHttpServer())
        .post('/scrape')
        .send({ url: origin.url('/article'), waitForSelector: 'article' });
      expect(response.status).toBe(501);
      expect(response.body).toEqual({
        error: 'not_implemented',
        message: expect.stringContaining('@quarry/browser is not installed'),
      });
    });
  });

  describe('async scrapes without AccountsModule', () => {
    it('refuse to boot with a job queue and no signing secrets, naming the option', async () => {
      const booting = scrapeOnlyHost(database, origin, [
        DatabaseQueueModule.forRoot({}),
        ScrapeModule.forRoot({}),
      ]);
      await expect(booting).rejects.toThrow(
        /AccountsModule .* ScrapeModule\.forRoot\(\{ webhookSecrets \}\)/,
      );
    });

    it("sign their callbacks with the host's own secrets", async () => {
      const secret = generateWebhookSecret();
      const received: { headers: Record<string, string>; body: string }[] = [];
      origin.route('/hook', (incoming, body) => {
        received.push({ headers: incoming.headers as Record<string, string>, body: body.toString('utf8') });
        return { status: 204 };
      });
      const app = await scrapeOnlyHost(database, origin, [
        DatabaseQueueModule.forRoot({ pollIntervalMs: 50, shutdownGraceMs: 1000 }),
        ScrapeModule.forRoot({ webhookSecrets: { signingSecrets: async () => [secret] } }),
      ]);
      try {
        const job = await app
          .get(ScrapeJobsService)
          .submit('team-a', { url: origin.url('/article'), callbackUrl: origin.url('/hook') });
        await eventually(() => received.length > 0, 20_000);
        const [{ headers, body }] = received;
        expect(new Webhook(secret).verify(body, headers)).toMatchObject({
          jobId: job.id,
          status: 'completed',
        });
      } finally {
        await app.close();
      }
    });
  });
});
