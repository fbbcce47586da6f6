import { Inject, Injectable } from '@nestjs/common';
import { PublicUrlPolicy } from '@quarry/net';
import { TimeoutError, type HTTPResponse, type Page, type Viewport } from 'puppeteer-core';
import { BrowserError } from '../errors/browser.error';
import { delay } from '../pool/abortable';
import { BrowserPool } from '../pool/browser.pool';
import type { PageJob } from '../pool/page-job';
import { assertNotRefused, navigationFailure } from './navigation.failure';
import { PageNetwork } from './page.network';

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

export interface LoadedPage {
  /** As requested. */
  url: string;
  /** The main document's URL after redirects (and any script navigation). */
  finalUrl: string;
  /** HTTP status of the main document, null when it had none (e.g. about:blank). */
  status: number | null;
  /** Requests the network policy refused while loading. */
  blockedRequests: number;
}

export interface RenderedPage extends LoadedPage {
  /** The serialised DOM (`page.content()`). */
  html: string;
  title: string;
}

export type LoadedPageWork<T> = (page: Page, loaded: LoadedPage, job: PageJob) => Promise<T>;

/**
 * Loads public pages in the browser pool: navigates, waits for the network to settle (as long as
 * the deadline allows), for a selector and an extra delay, then hands the page over.
 */
@Injectable()
export class PageRenderer {
  constructor(
    @Inject(BrowserPool) private readonly pool: BrowserPool,
    @Inject(PublicUrlPolicy) private readonly policy: PublicUrlPolicy,
  ) {}

  /** The rendered HTML, title and final URL of `url`. */
  render(url: string, options: RenderOptions = {}): Promise<RenderedPage> {
    return this.visit(url, options, async (page, loaded) => ({
      ...loaded,
      html: await page.content(),
      title: await page.title(),
    }));
  }

  /** Loads `url` like `render`, then runs `work` on the loaded page (screenshots and the like). */
  async visit<T>(url: string, options: RenderOptions, work: LoadedPageWork<T>): Promise<T> {
    try {
      this.policy.parse(url);
    } catch (error) {
      throw new BrowserError('BLOCKED', `${url} is not a public http(s) URL.`, { url, cause: error });
    }
    const timeoutMs = options.timeoutMs ?? this.pool.defaultTimeoutMs;
    // Time kept back for reading the page once waiting stops.
    const reserve = Math.min(5_000, Math.max(500, Math.round(timeoutMs * 0.1)));
    return this.pool.withPage(
      async (page, job) => {
        const network = new PageNetwork(page);
        try {
          const loaded = await this.load(page, network, job, url, options, reserve);
          return await work(page, loaded, job);
        } finally {
          network.stop();
        }
      },
      { timeoutMs, viewport: options.viewport },
    );
  }

  private async load(
    page: Page,
    network: PageNetwork,
    job: PageJob,
    url: string,
    options: RenderOptions,
    reserve: number,
  ): Promise<LoadedPage> {
    const extraWaitMs = Math.max(0, options.extraWaitMs ?? 0);
    const budget = (keep = 0) => Math.max(1, job.remainingMs() - reserve - keep);

    let response: HTTPResponse | null;
    try {
      response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: budget() });
    } catch (error) {
      throw await navigationFailure(error, url, network, job);
    }
    assertNotRefused(response, job, url);

    // An error page answers for itself: its status is the result, whatever selector it lacks.
    if (options.waitForSelector && (response?.status() ?? 0) < 400) {
      try {
        await page.waitForSelector(options.waitForSelector, { timeout: budget() });
      } catch (error) {
        if (!(error instanceof TimeoutError)) throw error;
        throw new BrowserError(
          'SELECTOR_TIMEOUT',
          `The selector "${options.waitForSelector}" did not appear within the time left.`,
          { url, cause: error },
        );
      }
    }

    // networkidle2, but a page that never idles keeps what it has when the budget runs out.
    const idleBudget = budget(extraWaitMs);
    if (idleBudget > 100) {
      await page
        .waitForNetworkIdle({ idleTime: 500, concurrency: 2, timeout: idleBudget })
        .catch((error: unknown) => {
          if (!(error instanceof TimeoutError)) throw error;
        });
    }
    if (extraWaitMs > 0) await delay(Math.min(extraWaitMs, budget()), job.signal);

    // The page may have navigated itself after load, into a refused or failing address.
    const failure = network.failedNavigation;
    if (failure) throw await navigationFailure(new Error(failure.errorText), url, network, job);
    const document = network.document ?? response;
    assertNotRefused(document, job, url);
    return {
      url,
      finalUrl: page.url(),
      status: document?.status() ?? null,
      blockedRequests: job.blockedRequests,
    };
  }
}
