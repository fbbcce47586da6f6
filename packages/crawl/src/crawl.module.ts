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
import { JobQueue } from '@quarry/queue';
import { TypeormJobRecordStore } from '@quarry/jobs';
import { PublicUrlPolicy } from '@quarry/net';
import { ScrapeService } from '@quarry/scrape';
import { HostTurns } from './discovery/host-turns';
import { LinkFilter } from './discovery/link-filter';
import { SiteFiles } from './discovery/site-files';
import { MapService } from './domain/map.service';
import { CrawlJobEntity } from './infrastructure/typeorm/crawl-job.entity';
import { TypeormCrawlFrontier } from './infrastructure/typeorm/typeorm-crawl.frontier';
import { TypeormHostBudget } from './infrastructure/typeorm/typeorm-host.budget';
import { CrawlEvents } from './jobs/crawl-events';
import { CrawlJobWorker } from './jobs/crawl-job.worker';
import { CrawlJobsService } from './jobs/crawl-jobs.service';
import { CrawlPageWorker } from './jobs/crawl-page.worker';
import { PageQueue } from './jobs/page-queue';
import { CrawlFrontier } from './ports/crawl-frontier';
import { CrawlJobStore } from './ports/crawl-job.store';
import { HostBudget } from './ports/host-budget';
import { CRAWL_MODULE_OPTIONS, ConfigurableModuleClass } from './crawl.module-definition';
import { CRAWL_OPTION_RULES } from './crawl-option-rules';
import { CRAWL_DEFAULTS, CRAWL_SETTINGS, CrawlModuleOptions, CrawlSettings } from './crawl-options.interface';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const CRAWL_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'CrawlModule',
  requirements: [
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
    { token: PublicUrlPolicy, missing: COMMON_REQUIREMENTS.net },
    { token: ScrapeService, missing: COMMON_REQUIREMENTS.scrape },
  ],
};

/**
 * Crawls and batch scrapes (`CrawlJobsService`, their pages run as jobs on the `JobQueue` by every
 * worker) and site maps (`MapService`). Needs, in the app: `QuarryCoreModule`, a TypeORM
 * `DataSource` with `crawlEntities` and `crawlMigrations`, the global `NetModule`, `ScrapeModule`
 * (global), a queue module, and callback signing secrets (`AccountsModule`, or the `webhookSecrets` option). Global by default, so
 * `CrawlHttpModule` finds the services.
 */
@Module({
  providers: checkedProviders(CRAWL_REQUIREMENTS, [
    {
      provide: CRAWL_SETTINGS,
      inject: [
        CRAWL_MODULE_OPTIONS,
        { token: Billing, optional: true },
        { token: WebhookSigningSecrets, optional: true },
        { token: JobQueue, optional: true },
      ],
      useFactory: (
        options: CrawlModuleOptions,
        appBilling?: Billing,
        appSecrets?: WebhookSigningSecrets,
        queue?: JobQueue,
      ): CrawlSettings => {
        const settings = resolveOptions('CrawlModule', CRAWL_DEFAULTS, options, CRAWL_OPTION_RULES);
        return {
          ...settings,
          billing: billingOf(settings.billing, appBilling),
          webhookSecrets: webhookSecretsOf('CrawlModule', settings.webhookSecrets, appSecrets, !!queue),
        };
      },
    },
    {
      provide: CrawlJobStore,
      inject: [QUARRY_DATA_SOURCE, Clock],
      useFactory: (dataSource: DataSource, clock: Clock) =>
        new TypeormJobRecordStore(CrawlJobEntity, dataSource, clock),
    },
    {
      provide: CrawlFrontier,
      inject: [QUARRY_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new TypeormCrawlFrontier(dataSource),
    },
    {
      provide: HostBudget,
      inject: [QUARRY_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new TypeormHostBudget(dataSource),
    },
    HostTurns,
    SiteFiles,
    LinkFilter,
    PageQueue,
    CrawlEvents,
    CrawlJobsService,
    CrawlJobWorker,
    CrawlPageWorker,
    MapService,
  ]),
  exports: [CrawlJobsService, MapService],
})
export class CrawlModule extends ConfigurableModuleClass {}
