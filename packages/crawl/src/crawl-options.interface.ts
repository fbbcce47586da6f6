import type { Billing, WebhookSigningSecrets } from '@quarry/core';

export interface CrawlModuleOptions {
  /** Requests at once to one host, over every crawl and batch of every worker. @default 2 */
  hostConcurrency?: number;
  /**
   * Requests a second to one host, over every crawl and batch of every worker; a robots.txt Crawl-delay
   * slows it further. Above 1,000 (the clock's millisecond) no start waits for another. @default 5
   */
  hostRequestsPerSecond?: number;
  /** Pages this process scrapes at once, over all crawls and batches. @default 8 */
  pageConcurrency?: number;
  /** Crawls and batches this process follows at once (each mostly waits on its pages). @default 32 */
  crawlConcurrency?: number;
  /** How often a running crawl looks at its progress, in milliseconds. @default 500 */
  progressPollMs?: number;
  /** Credits per page scraped successfully. @default 1 */
  pagePrice?: number;
  /** Credits per map call. @default 1 */
  mapPrice?: number;
  /** Who pays. @default the app's `Billing` (`AccountsModule` provides one), else `FreeBilling` */
  billing?: Billing;
  /**
   * Who signs the callbacks of crawls and batches. @default the app's: `AccountsModule`'s per-account secrets;
   * an app with a job queue and neither fails its boot naming this option
   */
  webhookSecrets?: WebhookSigningSecrets;
  /** Largest robots.txt or sitemap body in bytes, after decompression. @default 10485760 (10 MiB) */
  maxSitemapBytes?: number;
  /** Sitemap URLs read at most for one crawl or map (over every sitemap of the site). @default 50000 */
  maxSitemapUrls?: number;
  /** Sitemap documents read at most for one crawl or map (indexes included). @default 50 */
  maxSitemaps?: number;
  /** Attempts to deliver each callback event. @default 8 */
  callbackAttempts?: number;
  /** Base delay of the callback's exponential backoff (with jitter). @default 30000 */
  callbackBackoffMs?: number;
  /** Crawls, batches and their pages are kept this long after submission, in milliseconds. @default 86400000 (24 h) */
  jobRetentionMs?: number;
}

export const CRAWL_DEFAULTS = {
  hostConcurrency: 2,
  hostRequestsPerSecond: 5,
  pageConcurrency: 8,
  crawlConcurrency: 32,
  progressPollMs: 500,
  pagePrice: 1,
  mapPrice: 1,
  maxSitemapBytes: 10 * 1024 * 1024,
  maxSitemapUrls: 50_000,
  maxSitemaps: 50,
  callbackAttempts: 8,
  callbackBackoffMs: 30_000,
  jobRetentionMs: 24 * 60 * 60 * 1000,
} satisfies CrawlModuleOptions;

/** The options with their defaults applied; inject with `@Inject(CRAWL_SETTINGS)`. */
export type CrawlSettings = typeof CRAWL_DEFAULTS & CrawlModuleOptions & { billing: Billing };
export const CRAWL_SETTINGS = Symbol('CrawlSettings');
