export { CrawlModule } from './crawl.module';
export { CRAWL_MODULE_OPTIONS } from './crawl.module-definition';
export type { CrawlModuleOptions } from './crawl-options.interface';
export type {
  BatchScrapeRequest,
  CrawlCallback,
  CrawlEntry,
  CrawlEvent,
  CrawlFailure,
  CrawlPage,
  CrawlProgress,
  CrawlRequest,
  CrawlResults,
  CrawlStatus,
  CrawlStopReason,
  CrawlView,
  PageScrapeOptions,
  SitemapMode,
} from './domain/crawl-request';
export type { MapRequest, MapResult } from './domain/map-request';
export { CrawlJobsService, type CrawlKind } from './jobs/crawl-jobs.service';
export { MapService } from './domain/map.service';
export { CrawlHttpModule } from './http/crawl-http.module';
export { crawlEntities, crawlMigrations } from './infrastructure/typeorm/crawl-schema';
