import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import {
  AccountsModule,
  accountsEntities,
  accountsMigrations,
  AccountsService,
  CreditLedger,
  LedgerBilling,
} from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { NetModule } from '@quarry/net';
import {
  createTestDatabase,
  startFixtureServer,
  testDatabaseEngines,
  testDataSourceModule,
  type FixtureServer,
  type TestDatabase,
} from '@quarry/testing';
import { ScreenshotError, ScreenshotModule, ScreenshotService } from '../src';

describe.each(testDatabaseEngines())(
  "ScreenshotService.capture called by a host's own code, on %s",
  (engine) => {
    let site: FixtureServer;
    let database: TestDatabase;
    let moduleRef: TestingModule;

    beforeAll(async () => {
      Logger.overrideLogger(['error']);
      site = await startFixtureServer({
        '/': { body: '<!doctype html><title>Paid</title><h1>Paid capture</h1>' },
        '/missing': { status: 404, body: 'gone' },
      });
      database = await createTestDatabase(engine, {
        entities: accountsEntities,
        migrations: accountsMigrations,
      });
      // As a host embeds it: no HTTP routes, the ledger passed as the billing option.
      moduleRef = await Test.createTestingModule({
        imports: [
          testDataSourceModule(database.dataSource),
          QuarryCoreModule,
          QuarryDataSourceModule,
          NetModule.forRoot({ allowHosts: [site.hostPort] }),
          BrowserModule.forRoot({ maxPages: 1 }),
          AccountsModule.forRoot({}),
          ScreenshotModule.forRootAsync({
            inject: [LedgerBilling],
            useFactory: (billing: LedgerBilling) => ({ billing }),
          }),
        ],
      }).compile();
      await moduleRef.init();
    }, 60_000);
    afterAll(async () => {
      await moduleRef?.close();
      await database?.destroy();
      await site?.close();
    });

    it('charges the price for a capture and nothing for a failure', async () => {
      const ledger = moduleRef.get(CreditLedger);
      const { id } = await moduleRef.get(AccountsService).create(`shot-${engine}@example.com`, 12);
      const screenshots = moduleRef.get(ScreenshotService);
      const shot = await screenshots.capture(id, { url: site.url('/'), timeoutMs: 20_000 });
      expect(shot.image.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(await ledger.balance(id)).toBe(7);
      const failure = await screenshots
        .capture(id, { url: site.url('/missing'), timeoutMs: 20_000 })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ScreenshotError);
      expect(failure).toMatchObject({ code: 'UPSTREAM_ERROR' });
      expect(await ledger.balance(id)).toBe(7);
      expect(await ledger.reserved(id)).toBe(0);
      expect(await ledger.usageSince(id, new Date(0))).toEqual({ screenshot: { count: 1, credits: 5 } });
    }, 60_000);
  },
);
