import { Entity } from 'typeorm';
import { JobRecordEntity } from '@quarry/jobs';

/** Async scrapes: the job block's columns (every one has a callback; its progress stays 0 until it completes). */
@Entity({ name: 'quarry_scrape_jobs' })
export class ScrapeJobEntity extends JobRecordEntity {}
