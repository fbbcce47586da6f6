export interface ScrapeModuleOptions {
  /** How long a scrape result is served from the cache, in milliseconds. @default 3600000 (1 h) */
  cacheTtlMs?: number;
  /** Budget of a request that gives no `timeoutMs`, in milliseconds. @default 30000 */
  defaultTimeoutMs?: number;
  /** Largest origin body in bytes; larger is `TOO_LARGE`. @default 10485760 (10 MiB) */
  maxBodyBytes?: number;
  /** Redis URL of the cache; the cache lives in the app's database when absent. */
  redisUrl?: string;
  /** Prefix of the Redis keys. @default 'quarry' */
  redisPrefix?: string;
  /** Credits per successful scrape, cached or not. @default 1 */
  price?: number;
}

export const SCRAPE_DEFAULTS = {
  cacheTtlMs: 60 * 60 * 1000,
  defaultTimeoutMs: 30_000,
  maxBodyBytes: 10 * 1024 * 1024,
  redisPrefix: 'quarry',
  price: 1,
} satisfies ScrapeModuleOptions;

/** The options with their defaults applied; inject with `@Inject(SCRAPE_SETTINGS)`. */
export type ScrapeSettings = typeof SCRAPE_DEFAULTS & ScrapeModuleOptions;
export const SCRAPE_SETTINGS = Symbol('ScrapeSettings');
