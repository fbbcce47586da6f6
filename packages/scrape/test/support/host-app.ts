import type { ModuleMetadata } from '@nestjs/common';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { queueDbEntities, queueDbMigrations } from '@quarry/queue-db';
import { accountsEntities, accountsMigrations } from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { NetModule } from '@quarry/net';
import { startHostApp, type HostApp } from '@quarry/testing';
import { scrapeEntities, scrapeMigrations } from '../../src';

export type { HostApp };

/** The shared host app of `@quarry/testing` with what scraping needs, its network allowed to `allowHosts`. */
export function startScrapeHost(imports: ModuleMetadata['imports'], allowHosts: string[]): Promise<HostApp> {
  return startHostApp({
    schema: {
      entities: [...queueDbEntities, ...accountsEntities, ...scrapeEntities],
      migrations: [...queueDbMigrations, ...accountsMigrations, ...scrapeMigrations],
    },
    imports: [
      QuarryCoreModule,
      QuarryDataSourceModule,
      NetModule.forRoot({ allowHosts, isGlobal: true }),
      BrowserModule.forRoot({ isGlobal: true, maxPages: 1 }),
      ...(imports ?? []),
    ],
  });
}
