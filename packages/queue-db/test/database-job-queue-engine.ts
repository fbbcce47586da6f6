import { DataSource } from 'typeorm';
import { dataSourceOptionsFromUrl, type DatabaseEngine } from '@quarry/persistence';
import {
  createTestDatabase,
  type JobQueueContractSubject,
  type JobQueueEngineSettings,
  type OpenedJobQueue,
} from '@quarry/testing';
import { DatabaseJobQueue, queueDbEntities, queueDbMigrations } from '../src';

/** Opens the in-process engine on the database at `url`, with timings short enough for tests. */
export async function openDatabaseJobQueue(
  argument: { url: string },
  settings: JobQueueEngineSettings = {},
): Promise<OpenedJobQueue> {
  const dataSource = await new DataSource(
    dataSourceOptionsFromUrl(argument.url, { entities: queueDbEntities, migrations: queueDbMigrations }),
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
  const database = await createTestDatabase(engine, {
    entities: queueDbEntities,
    migrations: queueDbMigrations,
  });
  return {
    open: (settings) => openDatabaseJobQueue({ url: database.url }, settings),
    child: { module: __filename, exportName: openDatabaseJobQueue.name, argument: { url: database.url } },
    crashRecoveryMs: 1500,
    destroy: () => database.destroy(),
  };
}
