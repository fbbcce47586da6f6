import type { PageLinks } from '@quarry/extract';

/** How a page was fetched: a plain HTTP request, or rendered in headless Chromium. */
export type ScrapeTier = 'http' | 'browser';

/** The ScrapeResult of docs/api.md §4. */
export interface ScrapeResult {
  url: string;
  finalUrl: string;
  title: string | null;
  markdown: string;
  html: string;
  contentLength: number;
  fetchedAt: string;
  cached: boolean;
}

/** A scrape result as the service hands it to its callers: the result plus how it was made. */
export interface ScrapeOutcome {
  result: ScrapeResult;
  tier: ScrapeTier;
  /** The text `request.text` asked for. */
  text?: PageText;
  /** The links `request.links` asked for (none for a page that is not HTML). */
  links?: PageLinks;
}

/** Text of the page besides its main content: all of its visible text, or that of the elements a CSS selector matches. */
export type PageTextRequest = { scope: 'page' } | { scope: 'selector'; selector: string };

export interface PageText {
  /** One line per block. */
  text: string;
  /** Elements the selector matched (1 for the whole page). */
  matched: number;
}

export interface ScrapeRequest {
  url: string;
  /** Skip the cache read; the fresh result is still cached. */
  forceFresh?: boolean;
  /** The whole request's budget. */
  timeoutMs?: number;
  /** Render in the browser and wait for this CSS selector. */
  waitForSelector?: string;
  /** Render in the browser and wait this long after load. */
  extraWaitMs?: number;
  /**
   * Read this text too, on the reading thread with the extraction. Such a scrape is never served
   * from the cache (the cache keeps main content only); its result is still cached.
   */
  text?: PageTextRequest;
  /** Read the page's links too, as `text` is read: such a scrape is never served from the cache either. */
  links?: boolean;
}

/** What a scrape reads besides the main content. */
export type PageExtras = Pick<ScrapeRequest, 'text' | 'links'>;
