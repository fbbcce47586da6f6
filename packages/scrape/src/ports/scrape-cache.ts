import { ScrapeResult, ScrapeTier } from '../domain/scrape-result';

/** A cached scrape: the result as first fetched, and the tier that made it. */
export interface CachedScrape {
  result: Omit<ScrapeResult, 'url' | 'cached'>;
  tier: ScrapeTier;
}

/** Where scrape results are cached by normalised URL: the database by default, Redis when configured. */
export abstract class ScrapeCache {
  abstract get(key: string): Promise<CachedScrape | undefined>;
  abstract set(key: string, value: CachedScrape, ttlMs: number): Promise<void>;
  abstract delete(key: string): Promise<void>;
}
