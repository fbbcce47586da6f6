import { Test } from '@nestjs/testing';
import { AccountsModule, accountsEntities, accountsMigrations } from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { MissingModuleRequirementError, QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule, queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import { NetModule } from '@quarry/net';
import { createTestDatabase, TestDatabase, testDataSourceModule } from '@quarry/testing';
import { ScrapeHttpModule, ScrapeModule, ScrapeService, scrapeEntities, scrapeMigrations } from '../src';
import { ScrapeController } from '../src/http/scrape.controller';

describe('ScrapeModule.forRoot({ isGlobal: false })', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', {
      entities: [...queueDbEntities, ...accountsEntities, ...scrapeEntities],
      migrations: [...queueDbMigrations, ...accountsMigrations, ...scrapeMigrations],
    });
  });
  afterAll(() => database?.destroy());

  it('serves ScrapeHttpModule.forRoot({ imports }) from the one registration it is given', async () => {
    const scrape = ScrapeModule.forRoot({ isGlobal: false });
    const moduleRef = await Test.createTestingModule({
      imports: [
        testDataSourceModule(database.dataSource),
        QuarryCoreModule,
        QuarryDataSourceModule,
        DatabaseQueueModule.forRoot({}),
        NetModule.forRoot({}),
        BrowserModule.forRoot({}),
        AccountsModule.forRoot({}),
        scrape,
        ScrapeHttpModule.forRoot({ imports: [scrape] }),
      ],
    }).compile();
    const services = moduleRef.get(ScrapeService, { strict: false, each: true });
    expect(services).toHaveLength(1);
    expect(moduleRef.get(ScrapeController, { strict: false })).toHaveProperty('scraper', services[0]);
    await moduleRef.close();
  });
});

describe('ScrapeModule requirements', () => {
  it('fails the boot naming each missing piece and what to import', async () => {
    const compiling = Test.createTestingModule({ imports: [ScrapeModule.forRoot({})] }).compile();
    await expect(compiling).rejects.toThrow(MissingModuleRequirementError);
    await expect(compiling).rejects.toThrow(
      new RegExp(
        [
          'ScrapeModule cannot start',
          "Quarry's DataSource: import QuarryDataSourceModule",
          'TypeOrmModule\\.forRoot\\(\\)',
          'NetModule\\.forRoot\\(\\)',
          'BrowserModule\\.forRoot\\(\\)',
        ].join('[\\s\\S]*'),
      ),
    );
  });
});
