/** Where a crawl may go from its start URL. */
export interface ScopeRules {
  /** The whole host, not only the start URL's path and below. */
  crawlEntireDomain?: boolean;
  /** Subdomains of the start host too (`docs.example.com` from `example.com`). */
  allowSubdomains?: boolean;
  /** Only paths matching one of these (none: every path). */
  includePaths: readonly RegExp[];
  /** No path matching one of these. */
  excludePaths: readonly RegExp[];
}

/**
 * Whether a URL is inside a crawl: by default the start URL's host and port (a `www.` prefix either
 * side is the same host) and its path and below; `crawlEntireDomain` opens the whole host,
 * `allowSubdomains` its subdomains (on any port); then `includePaths` and `excludePaths` on the path.
 */
export class CrawlScope {
  private readonly host: string;
  private readonly hostname: string;
  private readonly pathPrefix: string;

  constructor(
    start: URL,
    private readonly rules: ScopeRules,
  ) {
    this.host = bareHost(start.host);
    this.hostname = bareHost(start.hostname);
    this.pathPrefix = rules.crawlEntireDomain ? '/' : start.pathname.replace(/\/+$/, '') || '/';
  }

  includes(url: URL): boolean {
    if (!this.hostIncluded(url)) return false;
    const path = url.pathname;
    if (this.pathPrefix !== '/' && path !== this.pathPrefix && !path.startsWith(`${this.pathPrefix}/`))
      return false;
    if (this.rules.excludePaths.some((pattern) => pattern.test(path))) return false;
    return (
      this.rules.includePaths.length === 0 || this.rules.includePaths.some((pattern) => pattern.test(path))
    );
  }

  private hostIncluded(url: URL): boolean {
    if (bareHost(url.host) === this.host) return true;
    return this.rules.allowSubdomains === true && url.hostname.toLowerCase().endsWith(`.${this.hostname}`);
  }
}

/** Host (with port) without a leading `www.`. */
export function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}
