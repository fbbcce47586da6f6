import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Billing,
  billingOf,
  checkedProviders,
  Clock,
  COMMON_REQUIREMENTS,
  type ModuleRequirements,
  resolveOptions,
  webhookSecretsOf,
  WebhookSigningSecrets,
} from '@quarry/core';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { TypeormJobRecordStore } from '@quarry/jobs';
import { JobQueue } from '@quarry/queue';
import { PublicUrlPolicy } from '@quarry/net';
import { PageReader } from './content/page-reader';
import { loadBrowserPackage } from './infrastructure/browser/browser-package';
import { browserTierProvider } from './infrastructure/browser/browser-tier.provider';
import { ScrapeService } from './domain/scrape.service';
import { RedisScrapeCache } from './infrastructure/redis/redis-scrape.cache';
import { DatabaseScrapeCache } from './infrastructure/typeorm/database-scrape.cache';
import { ScrapeCache } from './ports/scrape-cache';
import { ScrapeJobStore } from './ports/scrape-job.store';
import { ScrapeJobEntity } from './infrastructure/typeorm/scrape-job.entity';
import { ScrapeJobsService } from './jobs/scrape-jobs.service';
import { ScrapeJobWorker } from './jobs/scrape-job.worker';
import { ConfigurableModuleClass, SCRAPE_MODULE_OPTIONS } from './scrape.module-definition';
import { SCRAPE_OPTION_RULES } from './scrape-option-rules';
import {
  SCRAPE_DEFAULTS,
  SCRAPE_SETTINGS,
  ScrapeModuleOptions,
  ScrapeSettings,
} from './scrape-options.interface';

/** `@quarry/browser` when it is installed: then the app must import its `BrowserModule` too. */
const browser = loadBrowserPackage();

/** What the app must provide; a missing piece fails the boot naming what to import. */
const SCRAPE_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'ScrapeModule',
  requirements: [
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
    { token: PublicUrlPolicy, missing: COMMON_REQUIREMENTS.net },
    ...(browser ? [{ token: browser.PageRenderer, missing: COMMON_REQUIREMENTS.browser }] : []),
  ],
};

/**
 * `ScrapeService` with its cache, and async scrapes (`ScrapeJobsService`, run on the `JobQueue`).
 * Needs, in the app: `QuarryCoreModule`, `QuarryDataSourceModule`, a TypeORM `DataSource` with `scrapeEntities` and
 * `scrapeMigrations`, the global `NetModule`, and `BrowserModule` when `@quarry/browser` is installed;
 * async scrapes also need a queue module and callback signing secrets (`AccountsModule`, or the
 * `webhookSecrets` option). Global by default, so
 * `ScrapeHttpModule` and other feature modules can use `ScrapeService`.
 */
@Module({
  providers: checkedProviders(SCRAPE_REQUIREMENTS, [
    {
      provide: SCRAPE_SETTINGS,
      inject: [
        SCRAPE_MODULE_OPTIONS,
        { token: Billing, optional: true },
        { token: WebhookSigningSecrets, optional: true },
        { token: JobQueue, optional: true },
      ],
      useFactory: (
        options: ScrapeModuleOptions,
        appBilling?: Billing,
        appSecrets?: WebhookSigningSecrets,
        queue?: JobQueue,
      ): ScrapeSettings => {
        const settings = resolveOptions('ScrapeModule', SCRAPE_DEFAULTS, options, SCRAPE_OPTION_RULES);
        return {
          ...settings,
          billing: billingOf(settings.billing, appBilling),
          webhookSecrets: webhookSecretsOf('ScrapeModule', settings.webhookSecrets, appSecrets, !!queue),
        };
      },
    },
    {
      provide: ScrapeCache,
      inject: [SCRAPE_SETTINGS, QUARRY_DATA_SOURCE, Clock],
      useFactory: (settings: ScrapeSettings, dataSource: DataSource, clock: Clock): ScrapeCache =>
        settings.redisUrl
          ? new RedisScrapeCache(settings.redisUrl, settings.redisPrefix)
          : new DatabaseScrapeCache(dataSource, clock),
    },
    {
      provide: ScrapeJobStore,
      inject: [QUARRY_DATA_SOURCE, Clock],
      useFactory: (dataSource: DataSource, clock: Clock) =>
        new TypeormJobRecordStore(ScrapeJobEntity, dataSource, clock),
    },
    browserTierProvider(browser),
    PageReader,
    ScrapeService,
    ScrapeJobsService,
    ScrapeJobWorker,
  ]),
  exports: [ScrapeService, ScrapeJobsService, SCRAPE_SETTINGS],
})
export class ScrapeModule extends ConfigurableModuleClass {}
