import { Inject, Injectable } from '@nestjs/common';
import { PublicUrlPolicy } from '@quarry/net';
import { TimeoutError, type HTTPResponse, type Page, type Viewport } from 'puppeteer-core';
import { BrowserError } from '../errors/browser.error';
import { delay } from '../pool/abortable';
import { BrowserPool } from '../pool/browser.pool';
import type { PageJob } from '../pool/page-job';
import { MainDocumentTracker } from './main-document.tracker';

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

/** What Chromium reports when the proxy refused a tunnel; the proxy's journal knows the real cause. */
const PROXY_MASKED = new Set([
  'ERR_TUNNEL_CONNECTION_FAILED',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_EMPTY_RESPONSE',
]);

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
        const loaded = await this.load(page, job, url, options, timeoutMs, reserve);
        return work(page, loaded, job);
      },
      { timeoutMs, viewport: options.viewport },
    );
  }

  private async load(
    page: Page,
    job: PageJob,
    url: string,
    options: RenderOptions,
    timeoutMs: number,
    reserve: number,
  ): Promise<LoadedPage> {
    const main = new MainDocumentTracker(page);
    const extraWaitMs = Math.max(0, options.extraWaitMs ?? 0);
    const budget = (keep = 0) => Math.max(1, job.remainingMs() - reserve - keep);

    let response: HTTPResponse | null;
    try {
      response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: budget() });
    } catch (error) {
      throw navigationFailure(error, url, main, job, timeoutMs);
    }
    assertNotRefused(response, job, url);

    if (options.waitForSelector) {
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
    const failure = main.failure;
    if (failure) throw navigationFailure(new Error(failure.errorText), url, main, job, timeoutMs);
    const document = main.response ?? response;
    assertNotRefused(document, job, url);
    return {
      url,
      finalUrl: page.url(),
      status: document?.status() ?? null,
      blockedRequests: job.blockedRequests,
    };
  }
}

function assertNotRefused(response: HTTPResponse | null | undefined, job: PageJob, url: string): void {
  const verdict = response ? job.refusalIn(response) : undefined;
  if (!response || !verdict) return;
  throw refusal(url, response.url(), verdict);
}

function navigationFailure(
  error: unknown,
  url: string,
  main: MainDocumentTracker,
  job: PageJob,
  timeoutMs: number,
): unknown {
  if (error instanceof TimeoutError) {
    return new BrowserError('TIMEOUT', `${url} did not load within ${timeoutMs} ms.`, { url, cause: error });
  }
  const netError = /net::(ERR_[A-Z0-9_]+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (!netError) return error;
  const failedUrl = main.failure?.url ?? url;
  if (netError === 'ERR_BLOCKED_BY_CLIENT') return refusal(url, failedUrl, 'BLOCKED', error);
  const verdict = PROXY_MASKED.has(netError) ? job.refusalFor(failedUrl) : undefined;
  return refusal(url, failedUrl, verdict ?? netError, error);
}

/** `failedUrl` is where loading `url` stopped: itself, or a redirect or script navigation from it. */
function refusal(url: string, failedUrl: string, verdict: string, cause?: unknown): BrowserError {
  const where = failedUrl === url ? url : `the redirect to ${failedUrl}`;
  if (verdict === 'BLOCKED') {
    return new BrowserError('BLOCKED', `Blocked: ${where} is not a public address.`, {
      url: failedUrl,
      cause,
    });
  }
  return new BrowserError('NAVIGATION_FAILED', `Loading ${where} failed: ${verdict}.`, {
    url: failedUrl,
    netError: verdict,
    cause,
  });
}
