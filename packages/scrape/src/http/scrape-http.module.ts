import { Module } from '@nestjs/common';
import { routeGuardProvider } from '@quarry/http';
import { ApiKeyAccessGuard } from '@quarry/accounts';
import { ScrapeJobsController } from './scrape-jobs.controller';
import { ScrapeController } from './scrape.controller';
import { ConfigurableModuleClass, SCRAPE_HTTP_MODULE_OPTIONS } from './scrape-http.module-definition';

/**
 * `POST /scrape`, `POST /scrape/async`, `GET /scrape/jobs/:jobId` and `POST /invalidate`; mount it under
 * your API prefix with `RouterModule`. Import it as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [ScrapeController, ScrapeJobsController],
  providers: [routeGuardProvider('ScrapeHttpModule', SCRAPE_HTTP_MODULE_OPTIONS, ApiKeyAccessGuard)],
})
export class ScrapeHttpModule extends ConfigurableModuleClass {}
