import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DataSourceParts {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

function databaseEngineOf(url: string): DatabaseEngine {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new Error(`Unsupported database URL "${url}": use sqlite:<path> or postgres://...`);
}

/**
 * TypeORM options for `sqlite:<path>` (WAL, busy timeout, so several processes share the file) or
 * `postgres://...`. The schema comes from migrations, run when the data source initialises.
 */
export function dataSourceOptionsFromUrl(url: string, parts: DataSourceParts): DataSourceOptions {
  const common = { ...parts, migrationsRun: true, synchronize: false, logging: false } as const;
  if (databaseEngineOf(url) === 'postgres') {
    return { type: 'postgres', url, ...common, extra: { max: 10 } };
  }
  const file = resolve(url.slice('sqlite:'.length));
  mkdirSync(dirname(file), { recursive: true });
  return { type: 'better-sqlite3', database: file, enableWAL: true, timeout: 10000, ...common };
}
