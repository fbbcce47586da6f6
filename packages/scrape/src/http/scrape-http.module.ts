import { Module } from '@nestjs/common';
import { COMMON_REQUIREMENTS, type ModuleRequirements, requirementsCheck } from '@quarry/core';
import { routeGuardProvider } from '@quarry/http';
import { ScrapeJobsController } from './scrape-jobs.controller';
import { ScrapeController } from './scrape.controller';
import { ConfigurableModuleClass, SCRAPE_HTTP_MODULE_OPTIONS } from './scrape-http.module-definition';
import { ScrapeService } from '../domain/scrape.service';

/** What the routes need from the app; a missing piece fails the boot naming what to import. */
const SCRAPE_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'ScrapeHttpModule',
  requirements: [{ token: ScrapeService, missing: COMMON_REQUIREMENTS.scrape }],
};

/**
 * `POST /scrape`, `POST /scrape/async`, `GET /scrape/jobs/:jobId` and `POST /invalidate`; mount it under
 * your API prefix with `RouterModule`. Import it as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [ScrapeController, ScrapeJobsController],
  providers: [
    requirementsCheck(SCRAPE_HTTP_REQUIREMENTS),
    routeGuardProvider('ScrapeHttpModule', SCRAPE_HTTP_MODULE_OPTIONS),
  ],
})
export class ScrapeHttpModule extends ConfigurableModuleClass {}
