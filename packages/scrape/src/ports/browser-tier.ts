/** What the browser tier asks of a render. */
export interface BrowserRenderOptions {
  timeoutMs: number;
  waitForSelector?: string;
  extraWaitMs?: number;
}

/** A page as headless Chromium left it. */
export interface BrowserRenderedPage {
  html: string;
  finalUrl: string;
  /** The document's HTTP status; null when the browser saw none. */
  status: number | null;
}

/**
 * The browser tier of a scrape: `url` rendered in headless Chromium. A failure is the scrape error
 * of `requestedUrl`; without `@quarry/browser` installed, every render is refused naming it.
 */
export abstract class BrowserTier {
  abstract render(
    url: string,
    options: BrowserRenderOptions,
    requestedUrl: string,
  ): Promise<BrowserRenderedPage>;
}
