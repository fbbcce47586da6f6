import { CreateScrapeCache1763790000000 } from './migrations/1763790000000-create-scrape-cache.migration';
import { CreateScrapeJobs1763800000000 } from './migrations/1763800000000-create-scrape-jobs.migration';
import { IndexScrapeJobsByAccount1764910000000 } from './migrations/1764910000000-index-scrape-jobs-by-account.migration';
import { CountScrapeCacheChanges1765300000000 } from './migrations/1765300000000-count-scrape-cache-changes.migration';
import { AddProgressToScrapeJobs1766000000000 } from './migrations/1766000000000-add-progress-to-scrape-jobs.migration';
import { AddApiKeyToScrapeJobs1766700100000 } from './migrations/1766700100000-add-api-key-to-scrape-jobs.migration';
import { ScrapeCacheEntryEntity } from './scrape-cache-entry.entity';
import { ScrapeJobEntity } from './scrape-job.entity';

/** What the app adds to its TypeORM data source for this package. */
export const scrapeEntities = [ScrapeCacheEntryEntity, ScrapeJobEntity];
export const scrapeMigrations = [
  CreateScrapeCache1763790000000,
  CreateScrapeJobs1763800000000,
  IndexScrapeJobsByAccount1764910000000,
  CountScrapeCacheChanges1765300000000,
  AddProgressToScrapeJobs1766000000000,
  AddApiKeyToScrapeJobs1766700100000,
];
