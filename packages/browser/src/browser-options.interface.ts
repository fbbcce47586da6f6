/** BrowserPool / BrowserModule options; validated when the pool is created. */
export interface BrowserPoolOptions {
  /** Chromium executable (the app passes QUARRY_CHROMIUM_PATH). @default found on PATH or in the usual install locations */
  chromiumPath?: string;
  /** DevTools WebSocket of a running browser to use instead of launching one (QUARRY_BROWSER_WS_ENDPOINT). @default undefined (launch locally) */
  wsEndpoint?: string;
  /** Pages (jobs) open at once. @default 4 */
  maxPages?: number;
  /** Jobs waiting for a page; one more fails at once with BUSY. @default 16 */
  maxQueue?: number;
  /** Jobs served by one browser before it is replaced (after its in-flight jobs end). @default 200 */
  jobsPerBrowser?: number;
  /**
   * Jobs served by one incognito context (and its page) before it is closed; between them the page
   * is emptied and the cookies, HTTP cache and storage of every origin the last job visited are cleared.
   * 1 gives every job a context of its own (slower: a context costs more than a simple page). @default 50
   */
  jobsPerContext?: number;
  /** Launching or connecting to the browser. @default 30000 */
  launchTimeoutMs?: number;
  /** Extra Chromium flags; proxy, profile and remote-debugging flags are refused. @default [] */
  extraArgs?: string[];
  /** Job deadline when `withPage` is given none. @default 30000 */
  defaultTimeoutMs?: number;
  /** Address the checking proxies listen on. @default '127.0.0.1' */
  proxyHost?: string;
  /** Address the browser reaches the proxies at; set it for a remote browser. @default proxyHost */
  proxyAdvertisedHost?: string;
}

export type BrowserModuleOptions = BrowserPoolOptions;

export const BROWSER_DEFAULTS = {
  maxPages: 4,
  maxQueue: 16,
  jobsPerBrowser: 200,
  jobsPerContext: 50,
  launchTimeoutMs: 30_000,
  defaultTimeoutMs: 30_000,
  proxyHost: '127.0.0.1',
} as const;
