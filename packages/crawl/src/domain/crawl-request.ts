import type { ScrapeRequest, ScrapeResult } from '@quarry/scrape';

/** How a crawl reads sitemaps: seeds besides the links (`include`), not at all (`skip`), or only them (`only`). */
export type SitemapMode = 'include' | 'skip' | 'only';

/** The callback events a crawl or batch can send. */
export type CrawlEvent = 'started' | 'page' | 'completed' | 'failed';
export const CRAWL_EVENTS: readonly CrawlEvent[] = ['started', 'page', 'completed', 'failed'];

/** The options of the scrape of each page: every option of a sync scrape but the URL. */
export type PageScrapeOptions = Omit<ScrapeRequest, 'url' | 'text' | 'links'>;

/** Where the events of a crawl or batch are POSTed, signed, with the token as `x-callback-token`. */
export interface CrawlCallback {
  url: string;
  token?: string;
  /** @default every event */
  events?: CrawlEvent[];
}

/** A whole site from a start URL (docs/api.md §10). */
export interface CrawlRequest {
  url: string;
  /** Pages at most. @default 100 */
  limit?: number;
  /** Link hops from the start URL. @default 3 */
  maxDepth?: number;
  includePaths?: string[];
  excludePaths?: string[];
  crawlEntireDomain?: boolean;
  allowSubdomains?: boolean;
  ignoreQueryParameters?: boolean;
  /** @default 'include' */
  sitemap?: SitemapMode;
  scrapeOptions?: PageScrapeOptions;
  callback?: CrawlCallback;
}

/** A list of URLs scraped as one job. */
export interface BatchScrapeRequest {
  urls: string[];
  scrapeOptions?: PageScrapeOptions;
  callback?: CrawlCallback;
}

/** What a crawl job keeps of its request: the crawl with its defaults applied, or a batch. */
export type CrawlJobRequest =
  | ({ kind: 'crawl' } & Required<Omit<CrawlRequest, 'callback' | 'scrapeOptions'>> & {
        scrapeOptions: PageScrapeOptions;
        callback?: CrawlCallback;
      })
  | { kind: 'batch'; urls: string[]; scrapeOptions: PageScrapeOptions; callback?: CrawlCallback };

/** Public states of a crawl or batch. */
export type CrawlStatus = 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';

/** Why a crawl ended before its frontier was empty. */
export type CrawlStopReason = 'cancelled' | 'credits';

/** How a crawl ended, as its job keeps it. */
export interface CrawlSummary {
  status: 'completed' | 'cancelled';
  reason?: CrawlStopReason;
}

/** A crawl that failed as a whole (not one of its pages). */
export interface CrawlFailure {
  error: string;
  message: string;
}

/** One recorded page: its scrape result, or why it failed. */
export type CrawlPage =
  | ({ status: 'completed' } & ScrapeResult)
  | { status: 'failed'; url: string; error: string; message: string };

/** A crawl or batch as `GET …/{jobId}` shows it, with one page of its recorded pages. */
export interface CrawlView extends CrawlProgress, CrawlResults {}

/** A crawl or batch's state and counts, without its pages. */
export interface CrawlProgress {
  jobId: string;
  kind: 'crawl' | 'batch';
  status: CrawlStatus;
  /** Pages discovered in scope (a batch: its distinct URLs). */
  total: number;
  completed: number;
  failed: number;
  creditsUsed: number;
  expiresAt: Date;
  reason?: CrawlStopReason;
  error?: CrawlFailure;
}

/** Up to 100 recorded pages of a crawl or batch, in the order they were recorded. */
export interface CrawlResults {
  pages: CrawlPage[];
  /** Cursor of the next page of results; absent once every page is recorded and returned. */
  next?: string;
}

/** A crawl or batch as the account's history lists it: its progress, what it was asked to fetch, and when. */
export interface CrawlEntry extends CrawlProgress {
  createdAt: Date;
  /** A crawl's start URL. */
  url?: string;
  /** How many distinct URLs a batch has (URLs a crawl would read as the same count once). */
  urlCount?: number;
}
