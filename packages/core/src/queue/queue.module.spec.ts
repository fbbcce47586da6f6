import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplicationContext, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptionsFromUrl } from '../persistence/database-url';
import { QuarryCoreModule } from '../time/quarry-core.module';
import { coreEntities, coreMigrations } from './core-schema';
import { DatabaseJobQueue } from './database/database-job-queue';
import { JobQueue } from './job-queue';
import { QueueModule } from './queue.module';
import { QUEUE_MODULE_OPTIONS } from './queue.module-definition';
import { MissingModuleRequirementError } from '../module/module-requirements';
import { ModuleOptionsError } from '../module/resolve-options';

@Module({
  providers: [{ provide: 'QUEUE_SETTINGS', useValue: { pollIntervalMs: 20 } }],
  exports: ['QUEUE_SETTINGS'],
})
class SettingsModule {}

const registrations = [
  ['forRoot', () => QueueModule.forRoot({ pollIntervalMs: 20 })],
  [
    'forRootAsync',
    () =>
      QueueModule.forRootAsync({
        imports: [SettingsModule],
        inject: ['QUEUE_SETTINGS'],
        useFactory: async (settings: { pollIntervalMs: number }) => settings,
      }),
  ],
] as const;

describe.each(registrations)('QueueModule.%s', (_name, register) => {
  let dir: string;
  let app: INestApplicationContext;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-queue-module-'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        QuarryCoreModule,
        TypeOrmModule.forRoot(
          dataSourceOptionsFromUrl(`sqlite:${join(dir, 'db.sqlite')}`, {
            entities: coreEntities,
            migrations: coreMigrations,
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
    expect(app.get(QUEUE_MODULE_OPTIONS)).toEqual({ pollIntervalMs: 20 });
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

describe('QueueModule on the DataSource the host names', () => {
  let dir: string;
  let app: INestApplicationContext;
  const sqlite = (file: string) =>
    dataSourceOptionsFromUrl(`sqlite:${join(dir, file)}`, {
      entities: coreEntities,
      migrations: coreMigrations,
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
        QuarryCoreModule.forRoot({ dataSource: 'jobs' }),
        TypeOrmModule.forRoot({ ...sqlite('host.sqlite'), entities: [], migrations: [] }),
        TypeOrmModule.forRoot({ ...sqlite('jobs.sqlite'), name: 'jobs' }),
        QueueModule.forRoot({ pollIntervalMs: 20, runWorkers: false }),
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
        QuarryCoreModule,
        TypeOrmModule.forRoot(sqlite('shared.sqlite')),
        QueueModule.forRoot({ runWorkers: false }),
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

describe('QueueModule requirements', () => {
  it('fails the boot naming the missing DataSource and what to import', async () => {
    const compiling = Test.createTestingModule({ imports: [QueueModule.forRoot()] }).compile();
    await expect(compiling).rejects.toThrow(MissingModuleRequirementError);
    await expect(compiling).rejects.toThrow(/QueueModule cannot start[\s\S]*TypeOrmModule\.forRoot\(\)/);
  });
});

describe('QueueModule options', () => {
  it.each([
    [{ pollInterval: 20 }, 'QueueModule: unknown option pollInterval — did you mean pollIntervalMs?'],
    [{ leaseMs: 0 }, 'QueueModule: option leaseMs must be an integer >= 1, got 0'],
  ])('fail the boot on %j, naming the option', async (options, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-queue-options-'));
    const compiling = Test.createTestingModule({
      imports: [
        QuarryCoreModule,
        TypeOrmModule.forRoot(
          dataSourceOptionsFromUrl(`sqlite:${join(dir, 'db.sqlite')}`, {
            entities: coreEntities,
            migrations: coreMigrations,
          }),
        ),
        QueueModule.forRoot(options as object),
      ],
    }).compile();
    await expect(compiling).rejects.toThrow(new ModuleOptionsError(message));
    rmSync(dir, { recursive: true, force: true });
  });
});
