import type { ModuleMetadata } from '@nestjs/common';
import { coreEntities, coreMigrations, QuarryCoreModule } from '@quarry/core';
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
      entities: [...coreEntities, ...accountsEntities, ...scrapeEntities],
      migrations: [...coreMigrations, ...accountsMigrations, ...scrapeMigrations],
    },
    imports: [
      QuarryCoreModule,
      NetModule.forRoot({ allowHosts, isGlobal: true }),
      BrowserModule.forRoot({ isGlobal: true, maxPages: 1 }),
      ...(imports ?? []),
    ],
  });
}
