import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplicationContext, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MissingModuleRequirementError, ModuleOptionsError } from '@quarry/core';
import { dataSourceOptionsFromUrl, QuarryDataSourceModule } from '@quarry/persistence';
import { JobQueue } from '@quarry/queue';
import { DatabaseJobQueue } from './database-job-queue';
import { DatabaseQueueModule } from './database-queue.module';
import { DATABASE_QUEUE_MODULE_OPTIONS } from './database-queue.module-definition';
import { queueDbEntities, queueDbMigrations } from './queue-db-schema';

@Module({
  providers: [{ provide: 'QUEUE_SETTINGS', useValue: { pollIntervalMs: 20 } }],
  exports: ['QUEUE_SETTINGS'],
})
class SettingsModule {}

const registrations = [
  ['forRoot', () => DatabaseQueueModule.forRoot({ pollIntervalMs: 20 })],
  [
    'forRootAsync',
    () =>
      DatabaseQueueModule.forRootAsync({
        imports: [SettingsModule],
        inject: ['QUEUE_SETTINGS'],
        useFactory: async (settings: { pollIntervalMs: number }) => settings,
      }),
  ],
] as const;

describe.each(registrations)('DatabaseQueueModule.%s', (_name, register) => {
  let dir: string;
  let app: INestApplicationContext;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-queue-module-'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        QuarryDataSourceModule,
        TypeOrmModule.forRoot(
          dataSourceOptionsFromUrl(`sqlite:${join(dir, 'db.sqlite')}`, {
            entities: queueDbEntities,
            migrations: queueDbMigrations,
          }),
        ),
        register(),
      ],
    }).compile();
    app = await moduleRef.init();
  });

  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('provides JobQueue as the in-process engine, with the options given', () => {
    const queue = app.get(JobQueue);
    expect(queue).toBeInstanceOf(DatabaseJobQueue);
    expect(queue).toBe(app.get(DatabaseJobQueue));
    expect(app.get(DATABASE_QUEUE_MODULE_OPTIONS)).toEqual({ pollIntervalMs: 20 });
  });

  it('runs jobs once the application has booted', async () => {
    const queue = app.get(JobQueue);
    await queue.ping();
    const ran = new Promise<unknown>((resolve) =>
      queue.process('greetings', async (job) => resolve(job.data)),
    );
    const { id } = await queue.add('greetings', { hello: 'world' });
    await expect(ran).resolves.toEqual({ hello: 'world' });
    await waitFor(async () => (await queue.getState('greetings', id))?.state === 'completed');
  });
});

describe('DatabaseQueueModule on the DataSource the host names', () => {
  let dir: string;
  let app: INestApplicationContext;
  const sqlite = (file: string) =>
    dataSourceOptionsFromUrl(`sqlite:${join(dir, file)}`, {
      entities: queueDbEntities,
      migrations: queueDbMigrations,
    });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-queue-named-'));
  });
  afterEach(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its job rows in the named DataSource, not the default one', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        QuarryDataSourceModule.forRoot({ dataSource: 'jobs' }),
        TypeOrmModule.forRoot({ ...sqlite('host.sqlite'), entities: [], migrations: [] }),
        TypeOrmModule.forRoot({ ...sqlite('jobs.sqlite'), name: 'jobs' }),
        DatabaseQueueModule.forRoot({ pollIntervalMs: 20, runWorkers: false }),
      ],
    }).compile();
    app = await moduleRef.init();
    await app.get(JobQueue).add('named', { n: 1 });
    const jobs: DataSource = app.get(getDataSourceToken('jobs'));
    expect(await jobs.query('SELECT COUNT(*) AS n FROM quarry_jobs')).toEqual([{ n: 1 }]);
  });

  it("never lets a host's rolled-back SQLite transaction take its writes along", async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        QuarryDataSourceModule,
        TypeOrmModule.forRoot(sqlite('shared.sqlite')),
        DatabaseQueueModule.forRoot({ runWorkers: false }),
      ],
    }).compile();
    app = await moduleRef.init();
    const host = app.get(DataSource);
    const transaction = host.createQueryRunner();
    await transaction.startTransaction();
    await app.get(JobQueue).add('kept', { n: 1 });
    await transaction.rollbackTransaction();
    await transaction.release();
    expect(await host.query('SELECT COUNT(*) AS n FROM quarry_jobs')).toEqual([{ n: 1 }]);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('DatabaseQueueModule requirements', () => {
  it('fails the boot naming the missing DataSource and what to import', async () => {
    const compiling = Test.createTestingModule({ imports: [DatabaseQueueModule.forRoot()] }).compile();
    await expect(compiling).rejects.toThrow(MissingModuleRequirementError);
    await expect(compiling).rejects.toThrow(
      /DatabaseQueueModule cannot start[\s\S]*TypeOrmModule\.forRoot\(\)/,
    );
  });
});

describe('DatabaseQueueModule options', () => {
  it.each([
    [{ pollInterval: 20 }, 'DatabaseQueueModule: unknown option pollInterval — did you mean pollIntervalMs?'],
    [{ leaseMs: 0 }, 'DatabaseQueueModule: option leaseMs must be an integer >= 1, got 0'],
  ])('fail the boot on %j, naming the option', async (options, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-queue-options-'));
    const compiling = Test.createTestingModule({
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptionsFromUrl(`sqlite:${join(dir, 'db.sqlite')}`, {
            entities: queueDbEntities,
            migrations: queueDbMigrations,
          }),
        ),
        QuarryDataSourceModule,
        DatabaseQueueModule.forRoot(options as object),
      ],
    }).compile();
    await expect(compiling).rejects.toThrow(new ModuleOptionsError(message));
    rmSync(dir, { recursive: true, force: true });
  });
});
