import { DataSourceOptions } from 'typeorm';
import { coreEntities, coreMigrations, dataSourceOptionsFromUrl } from '@quarry/core';
import { accountsEntities, accountsMigrations } from '@quarry/accounts';

/** Every table of the modules this app composes; the schema comes from their migrations at start. */
export function quarryDataSourceOptions(databaseUrl: string): DataSourceOptions {
  return dataSourceOptionsFromUrl(databaseUrl, {
    entities: [...coreEntities, ...accountsEntities],
    migrations: [...coreMigrations, ...accountsMigrations],
  });
}
