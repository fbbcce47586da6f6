import { randomBytes } from 'node:crypto';
import { Test, TestingModule } from '@nestjs/testing';
import { Clock, QuarryCoreModule } from '@quarry/core';
import { DatabaseEngine, QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule, queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import { AccountsModule, accountsEntities, accountsMigrations } from '@quarry/accounts';
import { NetModule } from '@quarry/net';
import { BullQueueModule } from '@quarry/queue-bull';
import {
  createTestDatabase,
  TestDatabase,
  testDatabaseEngines,
  testDataSourceModule,
  testRedisUrl,
} from '@quarry/testing';
import { VideoModule, VideoModuleOptions, videoEntities, videoMigrations } from '../../src';

/** `sqlite` + the database queue (the embedded profile), `postgres` + Bull on Redis (the production one). */
export interface VideoEngine {
  database: DatabaseEngine;
  queue: 'database' | 'bull';
}

/** The profiles the tests run on: embedded always, PostgreSQL + Redis unless QUARRY_TEST_ENGINES=embedded. */
export const videoEngines = (): [string, VideoEngine][] =>
  testDatabaseEngines().map((database) => [
    database === 'sqlite' ? 'sqlite + database queue' : 'postgres + bull',
    { database, queue: database === 'sqlite' ? 'database' : 'bull' },
  ]);

export const videoSchema = {
  entities: [...queueDbEntities, ...accountsEntities, ...videoEntities],
  migrations: [...queueDbMigrations, ...accountsMigrations, ...videoMigrations],
};

/** The system clock moved forward on demand, to see jobs expire. */
export class MovableClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface VideoTestSetup {
  engine: VideoEngine;
  /** `host:port` of the stand-in servers, allowed past the public-URL policy. */
  allowHosts: string[];
  options?: VideoModuleOptions;
  /** `forRootAsync` instead of `forRoot`. */
  async?: boolean;
}

export interface VideoTestContext {
  moduleRef: TestingModule;
  database: TestDatabase;
  clock: MovableClock;
  close(): Promise<void>;
}

/** VideoModule with real parts: the chosen database and queue engine, the SSRF-safe client, accounts. */
export async function createVideoTestContext(setup: VideoTestSetup): Promise<VideoTestContext> {
  const database = await createTestDatabase(setup.engine.database, videoSchema);
  const options: VideoModuleOptions = { backoffMs: 100, callbackBackoffMs: 100, ...setup.options };
  const clock = new MovableClock();
  const moduleRef = await Test.createTestingModule({
    imports: [
      testDataSourceModule(database.dataSource),
      QuarryCoreModule,
      QuarryDataSourceModule,
      setup.engine.queue === 'bull'
        ? BullQueueModule.forRoot({
            redisUrl: testRedisUrl() ?? 'redis://127.0.0.1:6379',
            prefix: `quarry-video-test-${randomBytes(4).toString('hex')}`,
            shutdownGraceMs: 1000,
          })
        : DatabaseQueueModule.forRoot({ pollIntervalMs: 50, shutdownGraceMs: 1000 }),
      NetModule.forRoot({ allowHosts: setup.allowHosts, isGlobal: true }),
      AccountsModule.forRoot({}),
      setup.async
        ? VideoModule.forRootAsync({ useFactory: async () => options })
        : VideoModule.forRoot(options),
    ],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  await moduleRef.init();
  return {
    moduleRef,
    database,
    clock,
    close: async () => {
      await moduleRef.close();
      await database.destroy();
    },
  };
}
