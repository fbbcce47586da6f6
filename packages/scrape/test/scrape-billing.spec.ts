import { Test, TestingModule } from '@nestjs/testing';
import {
  AccountsModule,
  accountsEntities,
  accountsMigrations,
  AccountsService,
  CreditLedger,
  LedgerBilling,
} from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { PaymentRequiredError, QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import { NetModule } from '@quarry/net';
import {
  createTestDatabase,
  FixtureServer,
  startFixtureServer,
  TestDatabase,
  testDatabaseEngines,
  testDataSourceModule,
} from '@quarry/testing';
import { ScrapeError, ScrapeModule, ScrapeService, scrapeEntities, scrapeMigrations } from '../src';

const article = `<html><head><title>Paid</title></head><body><article><h1>Paid</h1><p>${'A paragraph worth paying for. '.repeat(20)}</p></article></body></html>`;

describe.each(testDatabaseEngines())("ScrapeService.scrape called by a host's own code, on %s", (engine) => {
  let origin: FixtureServer;
  let database: TestDatabase;
  let moduleRef: TestingModule;
  let scraper: ScrapeService;
  let accounts: AccountsService;
  let ledger: CreditLedger;

  beforeAll(async () => {
    origin = await startFixtureServer({ '/article': { body: article }, '/missing': { status: 404 } });
    database = await createTestDatabase(engine, {
      entities: [...queueDbEntities, ...accountsEntities, ...scrapeEntities],
      migrations: [...queueDbMigrations, ...accountsMigrations, ...scrapeMigrations],
    });
    // As a host embeds it: its own module, no HTTP routes, the ledger passed as the billing option.
    moduleRef = await Test.createTestingModule({
      imports: [
        testDataSourceModule(database.dataSource),
        QuarryCoreModule,
        QuarryDataSourceModule,
        NetModule.forRoot({ allowHosts: [origin.hostPort] }),
        BrowserModule.forRoot({ maxPages: 1 }),
        AccountsModule.forRoot({}),
        ScrapeModule.forRootAsync({
          inject: [LedgerBilling],
          useFactory: (billing: LedgerBilling) => ({ billing }),
        }),
      ],
    }).compile();
    await moduleRef.init();
    scraper = moduleRef.get(ScrapeService);
    accounts = moduleRef.get(AccountsService);
    ledger = moduleRef.get(CreditLedger);
  });
  afterAll(async () => {
    await moduleRef?.close();
    await database?.destroy();
    await origin?.close();
  });

  it('charges the price once per success, fetched or cached, and nothing for a failure', async () => {
    const { id } = await accounts.create(`once-${engine}@example.com`, 5);
    const fetched = await scraper.scrape(id, { url: origin.url('/article'), forceFresh: true });
    expect(fetched.result.cached).toBe(false);
    expect(await ledger.balance(id)).toBe(4);
    const cached = await scraper.scrape(id, { url: origin.url('/article') });
    expect(cached.result.cached).toBe(true);
    expect(await ledger.balance(id)).toBe(3);
    const failure = await scraper
      .scrape(id, { url: origin.url('/missing') })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScrapeError);
    expect(failure).toMatchObject({ code: 'URL_NOT_FOUND' });
    expect(await ledger.balance(id)).toBe(3);
    expect(await ledger.reserved(id)).toBe(0);
    expect(await ledger.usageSince(id, new Date(0))).toEqual({ scrape: { count: 2, credits: 2 } });
  });

  it('lets exactly as many concurrent scrapes succeed as the balance pays for', async () => {
    const { id } = await accounts.create(`fifty-${engine}@example.com`, 10);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => scraper.scrape(id, { url: origin.url('/article'), forceFresh: true })),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const reason of refused) expect(reason).toBeInstanceOf(PaymentRequiredError);
    expect(await ledger.balance(id)).toBe(0);
    expect(await ledger.reserved(id)).toBe(0);
    expect(await ledger.usageSince(id, new Date(0))).toEqual({ scrape: { count: 10, credits: 10 } });
  });
});
