import { CrawlScope } from './crawl-scope';
import type { CrawlJobRequest } from './crawl-request';
import { compilePathPatterns } from './path-patterns';
import { urlKey, withoutFragment, type UrlKeyOptions } from './url-key';

type CrawlOf = Extract<CrawlJobRequest, { kind: 'crawl' }>;

/** A URL a page led to, keyed as the crawl compares URLs. */
export interface Candidate {
  key: string;
  url: string;
}

/** What a crawl's request decides about URLs: their keys, and which are in scope. */
export class CrawlPlan {
  readonly start: URL;
  readonly scope: CrawlScope;
  private readonly keyOptions: UrlKeyOptions;

  constructor(readonly request: CrawlOf) {
    this.start = new URL(request.url);
    this.keyOptions = { ignoreQueryParameters: request.ignoreQueryParameters };
    this.scope = new CrawlScope(this.start, {
      crawlEntireDomain: request.crawlEntireDomain,
      allowSubdomains: request.allowSubdomains,
      includePaths: compilePathPatterns(request.includePaths, 'includePaths'),
      excludePaths: compilePathPatterns(request.excludePaths, 'excludePaths'),
    });
  }

  keyOf(url: URL): string {
    return urlKey(url, this.keyOptions);
  }

  /** The in-scope http(s) URLs among `urls`, each once, fragments dropped. */
  candidates(urls: readonly string[]): Candidate[] {
    const found = new Map<string, Candidate>();
    for (const text of urls) {
      const url = parsed(text);
      if (!url || !this.scope.includes(url)) continue;
      const key = this.keyOf(url);
      if (!found.has(key)) found.set(key, { key, url: withoutFragment(url) });
    }
    return [...found.values()];
  }

  /**
   * The key of `other` (a page's canonical link, or where its redirects ended) when it is another
   * in-scope page than `pageUrl`: the crawl then holds that page once, whichever URL led to it.
   */
  aliasKey(pageUrl: string, other: string | null): string | undefined {
    const target = other ? parsed(other) : undefined;
    const page = parsed(pageUrl);
    if (!target || !page || !this.scope.includes(target)) return undefined;
    const key = this.keyOf(target);
    return key === this.keyOf(page) ? undefined : key;
  }
}

function parsed(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
