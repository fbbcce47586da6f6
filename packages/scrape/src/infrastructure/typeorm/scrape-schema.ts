import { CreateScrapeCache1763790000000 } from './migrations/1763790000000-create-scrape-cache.migration';
import { ScrapeCacheEntryEntity } from './scrape-cache-entry.entity';

/** What the app adds to its TypeORM data source for this package. */
export const scrapeEntities = [ScrapeCacheEntryEntity];
export const scrapeMigrations = [CreateScrapeCache1763790000000];
