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
  html,
  startFixtureServer,
  testDatabaseEngines,
  testDataSourceModule,
  type FixtureServer,
  type TestDatabase,
} from '@quarry/testing';
import { BrandError, BrandModule, BrandService } from '../src';

describe.each(testDatabaseEngines())("BrandService.profile called by a host's own code, on %s", (engine) => {
  let site: FixtureServer;
  let database: TestDatabase;
  let moduleRef: TestingModule;

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    site = await startFixtureServer({
      '/': html('<!doctype html><title>Paid</title><h1>Paid profile</h1>'),
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
        BrandModule.forRootAsync({
          inject: [LedgerBilling],
          useFactory: (billing: LedgerBilling) => ({ billing, price: 2 }),
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

  it('charges the price for a profile and nothing for a failure', async () => {
    const ledger = moduleRef.get(CreditLedger);
    const { id } = await moduleRef.get(AccountsService).create(`brand-${engine}@example.com`, 5);
    const brands = moduleRef.get(BrandService);
    await expect(brands.profile(id, { url: site.url('/') })).resolves.toMatchObject({ name: 'Paid' });
    expect(await ledger.balance(id)).toBe(3);
    const failure = await brands.profile(id, { url: site.url('/missing') }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BrandError);
    expect(failure).toMatchObject({ code: 'URL_NOT_FOUND' });
    expect(await ledger.balance(id)).toBe(3);
    expect(await ledger.reserved(id)).toBe(0);
    expect(await ledger.usageSince(id, new Date(0))).toEqual({ brand: { count: 1, credits: 2 } });
  }, 60_000);
});
