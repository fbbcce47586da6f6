import { Inject, Injectable } from '@nestjs/common';
import { PublicUrlPolicy } from '@quarry/net';
import type { Viewport } from 'puppeteer-core';
import { BrowserError } from '../errors/browser.error';
import { BrowserPool } from '../pool/browser.pool';
import { loadPage, type LoadedPage } from './page.loader';

export interface RenderOptions {
  /** The whole render: queue, launch, load, waits and reading the page. @default the pool's defaultTimeoutMs (30000) */
  timeoutMs?: number;
  /** CSS selector to wait for after the document loaded; not appearing in time is SELECTOR_TIMEOUT. */
  waitForSelector?: string;
  /** Milliseconds to wait after load (and the selector), cut short by the deadline. @default 0 */
  extraWaitMs?: number;
  /** @default { width: 1280, height: 800, deviceScaleFactor: 1 } */
  viewport?: Viewport;
}

export interface RenderedPage extends LoadedPage {
  /** The serialised DOM (`page.content()`). */
  html: string;
  title: string;
}

/** Renders public pages in the browser pool with `loadPage` and reads their HTML and title. */
@Injectable()
export class PageRenderer {
  constructor(
    @Inject(BrowserPool) private readonly pool: BrowserPool,
    @Inject(PublicUrlPolicy) private readonly policy: PublicUrlPolicy,
  ) {}

  /** The rendered HTML, title and final URL of `url`. */
  async render(url: string, options: RenderOptions = {}): Promise<RenderedPage> {
    try {
      this.policy.parse(url);
    } catch (error) {
      throw new BrowserError('BLOCKED', `${url} is not a public http(s) URL.`, { url, cause: error });
    }
    const { waitForSelector, extraWaitMs } = options;
    return this.pool.withPage(
      async (page, job) => {
        const loaded = await loadPage(page, job, url, { waitForSelector, extraWaitMs });
        return {
          url: loaded.url,
          finalUrl: loaded.finalUrl,
          status: loaded.status,
          blockedRequests: loaded.blockedRequests,
          html: await page.content(),
          title: await page.title(),
        };
      },
      { timeoutMs: options.timeoutMs ?? this.pool.defaultTimeoutMs, viewport: options.viewport },
    );
  }
}
