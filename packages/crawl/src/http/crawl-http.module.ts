import { Module } from '@nestjs/common';
import { routeGuardProvider } from '@quarry/http';
import { BatchScrapeController } from './batch-scrape.controller';
import { CrawlController } from './crawl.controller';
import { CRAWL_HTTP_MODULE_OPTIONS, ConfigurableModuleClass } from './crawl-http.module-definition';
import { MapController } from './map.controller';

/**
 * `POST /crawl`, `GET|DELETE /crawl/:jobId`, `POST /map`, `POST /batch/scrape` and
 * `GET|DELETE /batch/scrape/:jobId`; mount it under your API prefix with `RouterModule`. Import it
 * as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [CrawlController, MapController, BatchScrapeController],
  providers: [routeGuardProvider('CrawlHttpModule', CRAWL_HTTP_MODULE_OPTIONS)],
})
export class CrawlHttpModule extends ConfigurableModuleClass {}
