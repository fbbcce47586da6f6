import { TimeoutError, type HTTPResponse, type Page } from 'puppeteer-core';
import { BrowserError } from '../errors/browser.error';
import { delay } from '../pool/abortable';
import type { PageJob } from '../pool/page-job';
import { assertNotRefused, navigationFailure } from './navigation.failure';
import { evaluateUntil } from './page.evaluation';
import { PageNetwork } from './page.network';
import { SETTLED } from './settled.script';

export interface LoadOptions {
  /** CSS selector to wait for once the document arrived; not appearing in time is SELECTOR_TIMEOUT. */
  waitForSelector?: string;
  /** Milliseconds to wait after settling, cut short by the deadline. @default 0 */
  extraWaitMs?: number;
  /**
   * What settled means: `network`, a quiet network; `rendered`, the load event, web fonts, images
   * in view decoded and a frame drawn, then a quiet network if requests are still running.
   * @default 'network'
   */
  settle?: 'network' | 'rendered';
  /** Longest wait for the page to settle. @default the time left, less the reserve and extraWaitMs */
  settleTimeoutMs?: number;
  /** How long no request may start or end for the network to count as quiet. @default 500 */
  networkQuietMs?: number;
  /** Stop at a main document answering >= 400: no selector, settling or extra wait. @default false */
  stopAtErrorStatus?: boolean;
  /** An in-page expression read once loaded (`inspection`); in the settling evaluation when nothing is waited for after it. */
  inspect?: string;
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

export interface InspectedPage<T> extends LoadedPage {
  /** The value of `inspect`; undefined without one, or when the document kept being replaced. */
  inspection?: T;
}

/** Below this many milliseconds left for settling, the page is taken as it is. */
const MIN_SETTLE_MS = 100;

/**
 * Loads `url` in a page of the pool (inside `pool.withPage`): navigates until the document
 * arrived, refuses what the network policy refused, waits for the selector, for the page to settle
 * (as long as the deadline allows) and the extra delay, and fails when the page then navigated
 * itself into an address that failed. A reserve (10% of the time left, 0.5–5 s) is kept for the
 * caller to read the page.
 */
export async function loadPage<T = never>(
  page: Page,
  job: PageJob,
  url: string,
  options: LoadOptions = {},
): Promise<InspectedPage<T>> {
  const network = new PageNetwork(page);
  try {
    return await load<T>(page, network, job, url, options);
  } finally {
    network.stop();
  }
}

async function load<T>(
  page: Page,
  network: PageNetwork,
  job: PageJob,
  url: string,
  options: LoadOptions,
): Promise<InspectedPage<T>> {
  const reserve = Math.min(5_000, Math.max(500, Math.round(job.remainingMs() * 0.1)));
  const extraWaitMs = Math.max(0, options.extraWaitMs ?? 0);
  const budget = (keep = 0) => Math.max(1, job.remainingMs() - reserve - keep);

  let response: HTTPResponse | null;
  try {
    response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: budget() });
  } catch (error) {
    throw await navigationFailure(error, url, network, job);
  }
  const arrived = network.document ?? response;
  assertNotRefused(arrived, job, url);
  // An error page answers for itself: its status is the result, whatever selector it lacks.
  const errorPage = (arrived?.status() ?? 0) >= 400;
  if (errorPage && options.stopAtErrorStatus) return loaded<T>(page, arrived, job, url, undefined);

  if (options.waitForSelector && !errorPage)
    await waitForSelector(page, options.waitForSelector, budget(), url);
  let inspection: T | undefined;
  const settleMs = Math.min(options.settleTimeoutMs ?? Infinity, budget(extraWaitMs));
  if (settleMs > MIN_SETTLE_MS)
    inspection = await settle<T>(page, network, job, Date.now() + settleMs, options);
  if (extraWaitMs > 0) {
    await delay(Math.min(extraWaitMs, budget()), job.signal);
    inspection = undefined;
  }

  // The page may have navigated itself after load, into a refused or failing address.
  const failure = network.failedNavigation;
  if (failure || page.url().startsWith('chrome-error:')) {
    const errorText = failure?.errorText ?? 'net::ERR_FAILED';
    throw await navigationFailure(new Error(errorText), url, network, job);
  }
  const document = network.document ?? response;
  assertNotRefused(document, job, url);
  if (options.inspect && inspection === undefined) {
    inspection = await evaluateUntil<T>(page, options.inspect, job.deadline, job.signal);
  }
  return loaded(page, document, job, url, inspection);
}

function loaded<T>(
  page: Page,
  document: HTTPResponse | null | undefined,
  job: PageJob,
  url: string,
  inspection: T | undefined,
): InspectedPage<T> {
  return {
    url,
    finalUrl: page.url(),
    status: document?.status() ?? null,
    blockedRequests: job.blockedRequests,
    inspection,
  };
}

/** Waits until `until` at most; returns `inspect`'s value when it was read last, after all waiting. */
async function settle<T>(
  page: Page,
  network: PageNetwork,
  job: PageJob,
  until: number,
  options: LoadOptions,
): Promise<T | undefined> {
  if (options.settle === 'rendered') {
    // One round trip on the common path: settle, then read the page in the same evaluation.
    const script = options.inspect ? `${SETTLED}.then(() => ${options.inspect})` : SETTLED;
    const value = await evaluateUntil<T>(page, script, until, job.signal);
    // After a frame drawn past the load event, nothing in flight means nothing more is coming.
    if (network.pending === 0) return options.inspect ? value : undefined;
  }
  await network.waitForQuiet(options.networkQuietMs ?? 500, until, job.signal);
  return undefined;
}

async function waitForSelector(page: Page, selector: string, timeout: number, url: string): Promise<void> {
  try {
    await page.waitForSelector(selector, { timeout });
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    throw new BrowserError(
      'SELECTOR_TIMEOUT',
      `The selector "${selector}" did not appear within the time left.`,
      { url, cause: error },
    );
  }
}
