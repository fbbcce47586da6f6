import { CrawlJobEntity } from './crawl-job.entity';
import { CreateCrawlTables1766500000000 } from './migrations/1766500000000-create-crawl-tables.migration';
import { PageCrawlResultsBySequence1766600000000 } from './migrations/1766600000000-page-crawl-results-by-sequence.migration';
import { AddApiKeyToCrawlJobs1766700300000 } from './migrations/1766700300000-add-api-key-to-crawl-jobs.migration';
import { FastCrawlResultCompression1766900000000 } from './migrations/1766900000000-fast-crawl-result-compression.migration';

/** What the app adds to its TypeORM data source for this package. */
export const crawlEntities = [CrawlJobEntity];
export const crawlMigrations = [
  CreateCrawlTables1766500000000,
  PageCrawlResultsBySequence1766600000000,
  AddApiKeyToCrawlJobs1766700300000,
  FastCrawlResultCompression1766900000000,
];
