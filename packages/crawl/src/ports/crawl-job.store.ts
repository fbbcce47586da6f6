import { JobRecordStore } from '@quarry/jobs';
import type { CrawlFailure, CrawlJobRequest, CrawlSummary } from '../domain/crawl-request';

/** Where crawl and batch jobs are kept until they expire; an expired job is never returned. */
export abstract class CrawlJobStore extends JobRecordStore<CrawlJobRequest, CrawlSummary, CrawlFailure> {}
