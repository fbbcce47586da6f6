import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptionsFromUrl } from '@quarry/persistence';
import { resolveJobOptions } from '@quarry/queue';
import { queueDbEntities, queueDbMigrations } from './queue-db-schema';
import { DatabaseJobQueue } from './database-job-queue';
import { ModuleOptionsError } from '@quarry/core';
import {
  type DatabaseJobQueueOptions,
  resolveDatabaseJobQueueOptions,
} from './database-job-queue-options.interface';
import { JobStore } from './job-store';

// The engine contract (packages/testing/src/job-queue-contract.ts) runs over SQLite and PostgreSQL
// in @quarry/testing; these cases cover what only the database engine does.
describe('DatabaseJobQueue on SQLite', () => {
  let dir: string;
  let url: string;
  const dataSources: DataSource[] = [];
  const queues: DatabaseJobQueue[] = [];

  const openDataSource = async () => {
    const dataSource = await new DataSource(
      dataSourceOptionsFromUrl(url, { entities: queueDbEntities, migrations: queueDbMigrations }),
    ).initialize();
    dataSources.push(dataSource);
    return dataSource;
  };

  const openQueue = async (options = {}) => {
    const queue = new DatabaseJobQueue(await openDataSource(), { pollIntervalMs: 20, ...options });
    queues.push(queue);
    queue.start();
    return queue;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-jobs-'));
    url = `sqlite:${join(dir, 'jobs.sqlite')}`;
  });

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
    await Promise.all(dataSources.splice(0).map((dataSource) => dataSource.destroy()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every job exactly once when several engines share the database', async () => {
    const runs = new Map<number, number>();
    const handler = async (job: { data: { n: number } }) => {
      runs.set(job.data.n, (runs.get(job.data.n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const engines = await Promise.all([openQueue(), openQueue(), openQueue()]);
    for (const engine of engines) engine.process('shared', handler, { concurrency: 3 });
    await Promise.all(Array.from({ length: 60 }, (_, n) => engines[n % 3].add('shared', { n })));

    await waitFor(() => runs.size === 60);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('lets the event loop turn between claims, so jobs that end at once never hold other work', async () => {
    const queue = await openQueue();
    await Promise.all(Array.from({ length: 200 }, (_, n) => queue.add('instant', { n })));
    let ran = 0;
    let ranWhenTimerFired: number | undefined;
    queue.process(
      'instant',
      async () => {
        if (ran++ === 0) setTimeout(() => (ranWhenTimerFired = ran), 0);
      },
      { concurrency: 4 },
    );

    await waitFor(() => ran === 200);
    expect(ranWhenTimerFired).toBeLessThan(200);
  });

  it('claims a job again once its lease runs out, until it stalled too often', async () => {
    const dataSource = await openDataSource();
    const store = new JobStore(dataSource);
    const id = await store.insert('stalls', { n: 1 }, resolveJobOptions(), Date.now());

    const first = await store.claim('stalls', Date.now(), 10, 1);
    expect(first?.jobId).toBe(id);
    expect(await store.claim('stalls', Date.now(), 10, 1)).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await store.claim('stalls', Date.now(), 10, 1);
    expect(second?.jobId).toBe(id);
    expect(second?.attemptsMade).toBe(0);
    expect(await store.complete(first!, Date.now())).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.claim('stalls', Date.now(), 10, 1)).toBeUndefined();
    expect(await store.failStalled(Date.now(), 1)).toBe(1);
    expect(await store.find('stalls', id)).toEqual({
      id,
      state: 'failed',
      attemptsMade: 0,
      failedReason: 'job stalled more than allowable limit',
    });
  });

  it('purges finished jobs older than the retention', async () => {
    const queue = await openQueue({ retentionMs: 150 });
    queue.process('short-lived', async () => undefined);
    const { id } = await queue.add('short-lived', {});
    await waitFor(async () => (await queue.getState('short-lived', id))?.state === 'completed');

    expect(await queue.sweep()).toEqual({ purged: 0, failedStalled: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queue.sweep()).toEqual({ purged: 1, failedStalled: 0 });
    expect(await queue.getState('short-lived', id)).toBeUndefined();
  });

  it('accepts one handler per queue', async () => {
    const queue = await openQueue();
    queue.process('once', async () => undefined);
    expect(() => queue.process('once', async () => undefined)).toThrow('already registered');
  });
});

describe('resolveDatabaseJobQueueOptions', () => {
  it('applies the defaults', () => {
    expect(resolveDatabaseJobQueueOptions({ runWorkers: false, leaseMs: undefined })).toEqual({
      runWorkers: false,
      pollIntervalMs: 250,
      leaseMs: 30000,
      maxStalledCount: 1,
      retentionMs: 86400000,
      sweepIntervalMs: 60000,
      shutdownGraceMs: 10000,
    });
  });

  it.each([
    [{ pollIntervalMs: 0 }, 'DatabaseQueueModule: option pollIntervalMs must be an integer >= 1, got 0'],
    [{ leaseMs: -1 }, 'DatabaseQueueModule: option leaseMs must be an integer >= 1, got -1'],
    [
      { shutdownGraceMs: Number.NaN },
      'DatabaseQueueModule: option shutdownGraceMs must be an integer >= 0, got NaN',
    ],
    [
      { maxStalledCount: 0.5 },
      'DatabaseQueueModule: option maxStalledCount must be an integer >= 0, got 0.5',
    ],
    [{ pollInterval: 50 }, 'DatabaseQueueModule: unknown option pollInterval — did you mean pollIntervalMs?'],
  ])('rejects %j', (options, message) => {
    expect(() => resolveDatabaseJobQueueOptions(options as DatabaseJobQueueOptions)).toThrow(
      new ModuleOptionsError(message),
    );
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
