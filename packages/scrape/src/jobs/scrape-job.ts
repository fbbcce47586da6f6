import type { JobRecord, JobRecordStatus } from '@quarry/jobs';
import { ScrapeRequest, ScrapeResult } from '../domain/scrape-result';

export type ScrapeJobStatus = JobRecordStatus;

/**
 * A scrape failure as callbacks and the jobs endpoint show it: `{ error, message, url }`
 * (docs/api.md §1).
 */
export interface ScrapeFailure {
  error: string;
  message: string;
  url: string;
}

/** An async scrape: what was asked, where to deliver it (`callback`, always set), and how far it got. */
export type ScrapeJob = JobRecord<ScrapeRequest, ScrapeResult, ScrapeFailure>;
