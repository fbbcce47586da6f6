import { DynamicModule, Module } from '@nestjs/common';
import type { QuarryHttpModuleOptions } from '@quarry/core';
import { ScrapeJobsController } from './scrape-jobs.controller';
import { ScrapeController } from './scrape.controller';

/**
 * `POST /scrape`, `POST /scrape/async`, `GET /scrape/jobs/:jobId` and `POST /invalidate`; mount it under
 * your API prefix with `RouterModule`.
 */
@Module({ controllers: [ScrapeController, ScrapeJobsController] })
export class ScrapeHttpModule {
  /** With `ScrapeModule.forRoot({ isGlobal: false })` (or any other non-global Quarry module the routes use): pass those registrations. */
  static register(options: QuarryHttpModuleOptions): DynamicModule {
    return { module: ScrapeHttpModule, imports: options.imports };
  }
}
