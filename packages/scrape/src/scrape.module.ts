import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@quarry/core';
import { ScrapeService } from './domain/scrape.service';
import { RedisScrapeCache } from './infrastructure/redis/redis-scrape.cache';
import { DatabaseScrapeCache } from './infrastructure/typeorm/database-scrape.cache';
import { ScrapeCache } from './ports/scrape-cache';
import { ConfigurableModuleClass, SCRAPE_OPTIONS } from './scrape.module-definition';
import { SCRAPE_DEFAULTS, SCRAPE_SETTINGS, ScrapeModuleOptions, ScrapeSettings } from './scrape-options.interface';

/**
 * `ScrapeService` and its cache. Needs, in the app: `QuarryCoreModule`, a TypeORM `DataSource` with
 * `scrapeEntities`/`scrapeMigrations`, `NetModule` and `BrowserModule` (global). Global by default, so
 * `ScrapeHttpModule` and other feature modules can use `ScrapeService`.
 */
@Module({
  providers: [
    { provide: SCRAPE_SETTINGS, inject: [SCRAPE_OPTIONS], useFactory: (options: ScrapeModuleOptions): ScrapeSettings => ({ ...SCRAPE_DEFAULTS, ...options }) },
    {
      provide: ScrapeCache,
      inject: [SCRAPE_SETTINGS, DataSource, Clock],
      useFactory: (settings: ScrapeSettings, dataSource: DataSource, clock: Clock): ScrapeCache =>
        settings.redisUrl ? new RedisScrapeCache(settings.redisUrl, settings.redisPrefix) : new DatabaseScrapeCache(dataSource, clock),
    },
    ScrapeService,
  ],
  exports: [ScrapeService, SCRAPE_SETTINGS],
})
export class ScrapeModule extends ConfigurableModuleClass {}
