import { Module } from '@nestjs/common';
import { ScrapeJobsController } from './scrape-jobs.controller';
import { ScrapeController } from './scrape.controller';

/**
 * `POST /scrape`, `POST /scrape/async`, `GET /scrape/jobs/:jobId` and `POST /invalidate`; mount it under
 * your API prefix with `RouterModule`.
 */
@Module({ controllers: [ScrapeController, ScrapeJobsController] })
export class ScrapeHttpModule {}
