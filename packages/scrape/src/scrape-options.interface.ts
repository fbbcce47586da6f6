import { availableParallelism } from 'node:os';
import type { Billing, WebhookSigningSecrets } from '@quarry/core';

export interface ScrapeModuleOptions {
  /** How long a scrape result is served from the cache, in milliseconds. @default 3600000 (1 h) */
  cacheTtlMs?: number;
  /** Budget of a request that gives no `timeoutMs`, in milliseconds. @default 30000 */
  defaultTimeoutMs?: number;
  /** Largest origin body in bytes; larger is `TOO_LARGE`. @default 10485760 (10 MiB) */
  maxBodyBytes?: number;
  /**
   * Threads that read HTML and PDF pages, off the event loop; a page still being read when the
   * request's `timeoutMs` runs out is stopped (`TIMEOUT`). @default the machine's cores (`os.availableParallelism()`)
   */
  readingThreads?: number;
  /** Heap of one reading thread in MB; a page that needs more is `TOO_LARGE`. @default 1024 */
  readingMemoryMb?: number;
  /**
   * Scheduling niceness of the reading threads (Linux; 0 to 19): above 0 they yield the CPU to the
   * event loop, and to the database and Redis on the same machine, so that answers stay prompt while
   * pages are read. 0 keeps the process's own. @default 10
   */
  readingNice?: number;
  /** Redis URL of the cache; the cache lives in the app's database when absent. */
  redisUrl?: string;
  /** Prefix of the Redis keys. @default 'quarry' */
  redisPrefix?: string;
  /** Credits per successful scrape, cached or not, sync or async; 0 is free. @default 1 */
  price?: number;
  /** Who pays for scrapes. @default the app's `Billing` (`AccountsModule` provides one), else `FreeBilling` */
  billing?: Billing;
  /**
   * Who signs the callbacks of async scrapes. @default the app's: `AccountsModule`'s per-account
   * secrets; an app with a job queue and neither fails its boot naming this option
   */
  webhookSecrets?: WebhookSigningSecrets;
  /** Attempts of an async scrape whose failure is transient (ORIGIN_ERROR, TIMEOUT, SCRAPE_FAILED). @default 3 */
  asyncAttempts?: number;
  /** Base delay of the async scrape's exponential backoff (with jitter), in milliseconds. @default 5000 */
  asyncBackoffMs?: number;
  /** Attempts to deliver a callback. @default 8 */
  callbackAttempts?: number;
  /** Base delay of the callback's exponential backoff (with jitter): 30 s spreads 8 attempts over about an hour. @default 30000 */
  callbackBackoffMs?: number;
  /** Async jobs (and their results) are kept this long after submission, in milliseconds. @default 86400000 (24 h) */
  jobRetentionMs?: number;
}

export const SCRAPE_DEFAULTS = {
  cacheTtlMs: 60 * 60 * 1000,
  defaultTimeoutMs: 30_000,
  maxBodyBytes: 10 * 1024 * 1024,
  readingThreads: availableParallelism(),
  readingMemoryMb: 1024,
  readingNice: 10,
  redisPrefix: 'quarry',
  price: 1,
  asyncAttempts: 3,
  asyncBackoffMs: 5000,
  callbackAttempts: 8,
  callbackBackoffMs: 30_000,
  jobRetentionMs: 24 * 60 * 60 * 1000,
} satisfies ScrapeModuleOptions;

/** The options with their defaults applied; inject with `@Inject(SCRAPE_SETTINGS)`. */
export type ScrapeSettings = typeof SCRAPE_DEFAULTS & ScrapeModuleOptions & { billing: Billing };
export const SCRAPE_SETTINGS = Symbol('ScrapeSettings');
