export { ScrapeModule } from './scrape.module';
export { SCRAPE_MODULE_OPTIONS } from './scrape.module-definition';
export type { ScrapeModuleOptions } from './scrape-options.interface';
export type {
  PageExtras,
  PageText,
  PageTextRequest,
  ScrapeOutcome,
  ScrapeRequest,
  ScrapeResult,
  ScrapeTier,
} from './domain/scrape-result';
export type { PageLinks } from '@quarry/extract';
export { ScrapeError, type ScrapeErrorCode } from './domain/scrape.error';
export { ScrapeService } from './domain/scrape.service';
export type { ScrapeFailure, ScrapeJob, ScrapeJobStatus } from './jobs/scrape-job';
export { ScrapeJobsService, type AsyncScrapeRequest } from './jobs/scrape-jobs.service';
export { ScrapeHttpModule } from './http/scrape-http.module';
export { ScrapeOptionsDto } from './http/dto/scrape-request.dto';
export { ScrapeErrorBodyDto, ScrapeResultDto } from './http/dto/scrape-response.dto';
export { scrapeEntities, scrapeMigrations } from './infrastructure/typeorm/scrape-schema';
