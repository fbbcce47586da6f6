import { JobRecordStore } from '@quarry/jobs';
import { ScrapeRequest, ScrapeResult } from '../domain/scrape-result';
import { ScrapeFailure } from '../jobs/scrape-job';

/** Where async scrape jobs are kept until they expire; an expired job is never returned. */
export abstract class ScrapeJobStore extends JobRecordStore<ScrapeRequest, ScrapeResult, ScrapeFailure> {}
