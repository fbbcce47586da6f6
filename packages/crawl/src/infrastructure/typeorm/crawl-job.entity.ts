import { Entity } from 'typeorm';
import { JobRecordEntity } from '@quarry/jobs';

/** Crawls and batches: the job block's columns; the result is how the crawl ended, its pages live in the frontier. */
@Entity({ name: 'quarry_crawl_jobs' })
export class CrawlJobEntity extends JobRecordEntity {}
