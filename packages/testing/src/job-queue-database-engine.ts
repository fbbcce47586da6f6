import { DataSource } from 'typeorm';
import {
  coreEntities,
  coreMigrations,
  DatabaseEngine,
  dataSourceOptionsFromUrl,
  DatabaseJobQueue,
} from '@quarry/core';
import type { JobQueueContractSubject } from './job-queue-contract';
import type { JobQueueEngineSettings, OpenedJobQueue } from './job-queue-engine';
import { createTestDatabase } from './test-database';

/** Opens the in-process engine on the database at `url`, with timings short enough for tests. */
export async function openDatabaseJobQueue(
  argument: { url: string },
  settings: JobQueueEngineSettings = {},
): Promise<OpenedJobQueue> {
  const dataSource = await new DataSource(
    dataSourceOptionsFromUrl(argument.url, { entities: coreEntities, migrations: coreMigrations }),
  ).initialize();
  const queue = new DatabaseJobQueue(dataSource, {
    pollIntervalMs: 50,
    leaseMs: 1000,
    sweepIntervalMs: 500,
    ...settings,
  });
  queue.start();
  return {
    queue,
    close: async () => {
      await queue.close();
      await dataSource.destroy();
    },
  };
}

/** A contract subject: the in-process engine over a fresh SQLite or PostgreSQL database. */
export async function createDatabaseJobQueueSubject(
  engine: DatabaseEngine,
): Promise<JobQueueContractSubject> {
  const database = await createTestDatabase(engine, { entities: coreEntities, migrations: coreMigrations });
  return {
    open: (settings) => openDatabaseJobQueue({ url: database.url }, settings),
    child: { module: __filename, exportName: openDatabaseJobQueue.name, argument: { url: database.url } },
    crashRecoveryMs: 1500,
    destroy: () => database.destroy(),
  };
}
