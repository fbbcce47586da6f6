import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { DatabaseEngine, dataSourceOptionsFromUrl, DataSourceParts } from '@quarry/persistence';

export interface TestDatabase {
  engine: DatabaseEngine;
  /** A `QUARRY_DATABASE_URL` for this database, for child processes. */
  url: string;
  dataSource: DataSource;
  destroy(): Promise<void>;
}

/** The PostgreSQL server tests create their databases on: `QUARRY_TEST_POSTGRES_URL`, never a guess. */
function postgresAdminUrl(): string {
  const url = process.env.QUARRY_TEST_POSTGRES_URL;
  if (!url)
    throw new Error(
      'QUARRY_TEST_POSTGRES_URL is not set: give the URL of a PostgreSQL server on which the tests may create ' +
        'and drop databases (postgres://user@host:5432/db), or set QUARRY_TEST_ENGINES=embedded to test on SQLite only.',
    );
  return url;
}

/**
 * The database engines tests run on: SQLite always, PostgreSQL unless `QUARRY_TEST_ENGINES=embedded`.
 * PostgreSQL is on by default so a missing server fails the run instead of skipping silently.
 */
export function testDatabaseEngines(): DatabaseEngine[] {
  return process.env.QUARRY_TEST_ENGINES === 'embedded' ? ['sqlite'] : ['sqlite', 'postgres'];
}

/** A fresh, migrated database: a temporary SQLite file, or a new PostgreSQL database dropped on destroy. */
export async function createTestDatabase(
  engine: DatabaseEngine,
  parts: DataSourceParts,
): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-test-'));
    const url = `sqlite:${join(dir, 'test.sqlite')}`;
    const dataSource = await new DataSource(dataSourceOptionsFromUrl(url, parts)).initialize();
    return {
      engine,
      url,
      dataSource,
      destroy: async () => {
        await dataSource.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `quarry_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = postgresAdminUrl();
  const admin = await new DataSource({ type: 'postgres', url: adminUrl }).initialize();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataSource = await new DataSource(dataSourceOptionsFromUrl(url.toString(), parts)).initialize();
  return {
    engine,
    url: url.toString(),
    dataSource,
    destroy: async () => {
      await dataSource.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

/** The Redis tests use (`QUARRY_TEST_REDIS_URL`), or undefined under `QUARRY_TEST_ENGINES=embedded`. */
export function testRedisUrl(): string | undefined {
  return process.env.QUARRY_TEST_ENGINES === 'embedded'
    ? undefined
    : (process.env.QUARRY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
}
