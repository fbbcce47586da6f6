import { DataSourceOptions } from 'typeorm';
import { dataSourceOptionsFromUrl } from '@quarry/persistence';
import { queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import { accountsEntities, accountsMigrations } from '@quarry/accounts';
import { scrapeEntities, scrapeMigrations } from '@quarry/scrape';
import { crawlEntities, crawlMigrations } from '@quarry/crawl';
import { monitorEntities, monitorMigrations } from '@quarry/monitor';
import { videoEntities, videoMigrations } from '@quarry/video';
import { blogEntities, blogMigrations } from '@quarry/blog';
import { dashboardEntities, dashboardMigrations } from '@quarry/dashboard';

/** Every table of the modules this app composes; the schema comes from their migrations at start. */
export function quarryDataSourceOptions(databaseUrl: string): DataSourceOptions {
  return dataSourceOptionsFromUrl(databaseUrl, {
    entities: [
      ...queueDbEntities,
      ...accountsEntities,
      ...scrapeEntities,
      ...crawlEntities,
      ...monitorEntities,
      ...videoEntities,
      ...blogEntities,
      ...dashboardEntities,
    ],
    migrations: [
      ...queueDbMigrations,
      ...accountsMigrations,
      ...scrapeMigrations,
      ...crawlMigrations,
      ...monitorMigrations,
      ...videoMigrations,
      ...blogMigrations,
      ...dashboardMigrations,
    ],
  });
}
