import { Injectable } from '@nestjs/common';
import { Interval, ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { AccountsModule } from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { MissingModuleRequirementError, QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule } from '@quarry/queue-db';
import { NetModule } from '@quarry/net';
import { ScrapeModule } from '@quarry/scrape';
import { createTestDatabase, TestDatabase, testDataSourceModule } from '@quarry/testing';
import { MonitorModule } from '../src';
import { schemaParts } from './support/monitor-test-module';

@Injectable()
class HostTicker {
  @Interval(60_000)
  tick(): void {}
}

describe('MonitorModule in a host with its own ScheduleModule', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', schemaParts);
  });
  afterAll(() => database?.destroy());

  const quarryModules = () => [
    testDataSourceModule(database.dataSource),
    QuarryCoreModule,
    QuarryDataSourceModule,
    DatabaseQueueModule.forRoot({ runWorkers: false }),
    NetModule.forRoot({}),
    BrowserModule.forRoot({}),
    AccountsModule.forRoot({}),
    ScrapeModule.forRoot({}),
    MonitorModule.forRoot({ runScheduler: true }),
  ];

  it("registers the host's intervals once and none of its own", async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ScheduleModule.forRoot(), ...quarryModules()],
      providers: [HostTicker],
    }).compile();
    const app = await moduleRef.init();
    expect(app.get(SchedulerRegistry).getIntervals()).toHaveLength(1);
    await app.close();
  });

  it('brings no ScheduleModule of its own and starts its scheduler without one', async () => {
    const moduleRef = await Test.createTestingModule({ imports: quarryModules() }).compile();
    const app = await moduleRef.init();
    expect(() => app.get(SchedulerRegistry, { strict: false })).toThrow();
    await app.close();
  });
});

describe('MonitorModule requirements', () => {
  it('fails the boot naming each missing piece and what to import', async () => {
    const compiling = Test.createTestingModule({ imports: [MonitorModule.forRoot({})] }).compile();
    await expect(compiling).rejects.toThrow(MissingModuleRequirementError);
    await expect(compiling).rejects.toThrow(
      new RegExp(
        [
          'MonitorModule cannot start',
          'TypeOrmModule\\.forRoot\\(\\)',
          'QuarryCoreModule',
          'DatabaseQueueModule\\.forRoot\\(\\)',
          'NetModule\\.forRoot\\(\\)',
          'AccountsModule\\.forRoot\\(\\)',
          'ScrapeModule\\.forRoot\\(\\)',
        ].join('[\\s\\S]*'),
      ),
    );
  });
});
