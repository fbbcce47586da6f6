import type { ScrapeResult } from '@quarry/scrape';
import type { CrawlPage, CrawlStopReason } from '../domain/crawl-request';

/** A crawl's own state beside its job: its page budget, its price, and why it stopped. */
export interface CrawlState {
  pageLimit: number;
  pagePrice: number;
  stopReason?: CrawlStopReason;
}

/** A URL a crawl found, to record once: its key (see `urlKey`), the URL to fetch, its depth. */
export interface FoundUrl {
  key: string;
  url: string;
  depth: number;
}

/** A recorded URL: `id` is its key's hash, unique within its crawl. */
export interface FrontierPage {
  id: string;
  url: string;
  depth: number;
  status: FrontierStatus;
}

/**
 * `pending` waits for its fetch, `fetching` is in flight, `completed`/`failed` are recorded,
 * `dropped` was never fetched because the crawl stopped, `duplicate` named a canonical page the
 * crawl already had, `alias` only marks a canonical URL as seen (neither counts in `total`).
 */
export type FrontierStatus =
  'pending' | 'fetching' | 'completed' | 'failed' | 'dropped' | 'duplicate' | 'alias';

export type PageOutcome =
  | { status: 'completed'; result: ScrapeResult }
  | { status: 'failed'; error: string; message: string }
  | { status: 'duplicate' };

export type FrontierCounts = Record<FrontierStatus, number>;

/** A page of recorded results and where the next one starts. */
export interface ResultsPage {
  pages: CrawlPage[];
  /** Where the next page starts: after the last page returned, or where this one started when none was. */
  cursor: string;
}

/**
 * The frontier and seen-set of crawls in the database: one row per crawl and URL key (unique), so
 * a page is recorded once whichever worker finds it, and survives any worker.
 */
export abstract class CrawlFrontier {
  abstract createCrawl(id: string, state: CrawlState, expiresAt: Date): Promise<void>;
  /** The crawl's state, or undefined once it is gone. */
  abstract state(crawlId: string): Promise<CrawlState | undefined>;
  /** Stops the crawl for `reason` (the first reason stays) and drops its pending pages: none of them starts after. */
  abstract stop(crawlId: string, reason: CrawlStopReason): Promise<void>;
  /** Records the URLs not seen yet, while the crawl has fewer than its limit; answers those it recorded. */
  abstract add(crawlId: string, found: FoundUrl[]): Promise<FrontierPage[]>;
  /**
   * Marks `key` seen, held by the page at `pageUrl` (no fetch of its own); false when another page
   * or URL holds it already. The same page asking again (run again after a crash) holds it still.
   */
  abstract alias(crawlId: string, key: string, pageUrl: string): Promise<boolean>;
  /** Takes a pending (or interrupted) page for its fetch; false when it is recorded, dropped, or the crawl stopped. */
  abstract claim(crawlId: string, pageId: string): Promise<boolean>;
  /** A page not fetched because the crawl stopped. */
  abstract drop(crawlId: string, pageId: string): Promise<void>;
  /** Records a fetched page once, next in its crawl's results; false when it was recorded already. */
  abstract record(crawlId: string, pageId: string, outcome: PageOutcome): Promise<boolean>;
  /** A recorded page (completed or failed) as the results show it. */
  abstract recorded(crawlId: string, pageId: string): Promise<CrawlPage | undefined>;
  abstract counts(crawlId: string): Promise<FrontierCounts>;
  /** Pages still to fetch or in flight. */
  abstract unsettled(crawlId: string): Promise<FrontierPage[]>;
  /**
   * Recorded pages (completed and failed) in the order their records committed, after `cursor`: a
   * page recorded later always comes after every cursor already given out.
   */
  abstract results(crawlId: string, cursor: string | undefined, limit: number): Promise<ResultsPage>;
  /** Drops the crawls that expired by `now` and their pages. */
  abstract purgeExpired(now: Date): Promise<void>;
}
