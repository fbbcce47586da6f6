import {
  assertNotRefused,
  BrowserError,
  navigationFailure,
  PageNetwork,
  type PageJob,
} from '@quarry/browser';
import { InvalidRequestError } from '@quarry/core';
import { TimeoutError, type HTTPResponse, type Page } from 'puppeteer-core';
import { CHECK_SELECTOR, PAGE_OUTLINE, SETTLED_OUTLINE, type PageOutline } from './page.scripts';
import { ScreenshotError } from './screenshot.error';

/** How one capture runs, everything resolved. */
export interface CapturePlan {
  url: string;
  waitForSelector?: string;
  extraWaitMs: number;
  fullPage: boolean;
  quality: number;
  width: number;
  height: number;
  maxFullPageHeight: number;
  settleTimeoutMs: number;
  networkQuietMs: number;
  /** Time kept back, before the deadline, for measuring and encoding the image. */
  reserveMs: number;
}

export interface PageCapture {
  image: Buffer;
  finalUrl: string;
  status: number | null;
  width: number;
  height: number;
  blockedRequests: number;
}

/** Script navigations can replace the document under an evaluation; it is run again on the new one. */
const CONTEXT_GONE =
  /Execution context was destroyed|Cannot find context|context with specified id|Inspected target navigated/i;

/**
 * Loads `plan.url` in `page` and captures it: navigate until the document arrived, refuse origin
 * errors at once, let the page settle (load event, fonts, a quiet network; bounded), wait for the
 * selector and the extra delay, refuse a page that painted nothing, then encode the JPEG.
 */
export async function capturePage(page: Page, job: PageJob, plan: CapturePlan): Promise<PageCapture> {
  const network = new PageNetwork(page);
  try {
    return await loadAndCapture(page, network, job, plan);
  } finally {
    network.stop();
  }
}

async function loadAndCapture(
  page: Page,
  network: PageNetwork,
  job: PageJob,
  plan: CapturePlan,
): Promise<PageCapture> {
  const budget = () => Math.max(1, job.remainingMs() - plan.reserveMs);
  if (plan.waitForSelector) await assertSelector(page, plan.waitForSelector);

  let response: HTTPResponse | null;
  try {
    response = await page.goto(plan.url, { waitUntil: 'domcontentloaded', timeout: budget() });
  } catch (error) {
    throw await navigationFailure(error, plan.url, network, job);
  }
  assertDocument(network.document ?? response, plan.url, job);

  // One round trip on the common path: settle, then outline the page in the same evaluation.
  const settleUntil = Date.now() + Math.min(plan.settleTimeoutMs, budget());
  let outline = await evaluateUntil<PageOutline>(page, SETTLED_OUTLINE, settleUntil, job.signal);
  let changed = outline === undefined;
  if (network.pending > 0) {
    await network.waitForQuiet(plan.networkQuietMs, settleUntil, job.signal);
    changed = true;
  }
  if (plan.waitForSelector) {
    await waitForSelector(page, plan.waitForSelector, budget(), plan.url);
    changed = true;
  }
  if (plan.extraWaitMs > 0) {
    await sleep(Math.min(plan.extraWaitMs, budget()), job.signal);
    changed = true;
  }

  // The page may have navigated itself into an address that failed; Chromium then shows its error page.
  if (page.url().startsWith('chrome-error:')) {
    const failed = network.failedNavigation;
    throw await navigationFailure(new Error(failed?.errorText ?? 'net::ERR_FAILED'), plan.url, network, job);
  }
  assertDocument(network.document ?? response, plan.url, job);
  // Still undefined when the document kept being replaced: captured as it is rather than judged blank.
  if (changed) outline = await evaluateUntil<PageOutline>(page, PAGE_OUTLINE, job.deadline, job.signal);
  const status = (network.document ?? response)?.status() ?? null;
  if (outline && !outline.painted) {
    throw new ScreenshotError(
      'UPSTREAM_ERROR',
      'The page rendered nothing to capture (it is blank).',
      plan.url,
      status,
    );
  }

  const height = plan.fullPage
    ? Math.min(plan.maxFullPageHeight, Math.max(plan.height, Math.ceil(outline?.height ?? 0)))
    : plan.height;
  const data = await page.screenshot({
    type: 'jpeg',
    quality: plan.quality,
    optimizeForSpeed: true,
    ...(plan.fullPage
      ? { clip: { x: 0, y: 0, width: plan.width, height }, captureBeyondViewport: true }
      : { captureBeyondViewport: false }),
  });
  const image = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return {
    image,
    finalUrl: page.url(),
    status,
    width: plan.width,
    height,
    blockedRequests: job.blockedRequests,
  };
}

/** An origin answer that must not be captured: >= 400, or one the job's checking proxy made up. */
function assertDocument(response: HTTPResponse | null | undefined, url: string, job: PageJob): void {
  if (!response) return;
  assertNotRefused(response, job, url);
  if (response.status() >= 400) {
    throw new ScreenshotError(
      'UPSTREAM_ERROR',
      `The page answered HTTP ${response.status()}.`,
      url,
      response.status(),
    );
  }
}

/** Evaluates `script`, again on the new document after a script navigation; undefined at `until`. */
async function evaluateUntil<T>(
  page: Page,
  script: string,
  until: number,
  signal: AbortSignal,
): Promise<T | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const left = until - Date.now();
    if (left <= 0 || signal.aborted) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), left)));
    try {
      return await Promise.race([page.evaluate(script) as Promise<T>, timeout]);
    } catch (error) {
      if (!(error instanceof Error) || !CONTEXT_GONE.test(error.message)) throw error;
      await sleep(Math.min(50, Math.max(0, until - Date.now())), signal);
    } finally {
      clearTimeout(timer);
    }
  }
  return undefined;
}

/** Checked on the blank page before loading anything: a selector that cannot match is the caller's mistake (400). */
async function assertSelector(page: Page, selector: string): Promise<void> {
  const valid = await page.evaluate(`(${CHECK_SELECTOR})(${JSON.stringify(selector)})`).then(
    () => true,
    (error: unknown) => {
      if (error instanceof Error && /SyntaxError|not a valid selector/i.test(error.message)) return false;
      throw error;
    },
  );
  if (!valid)
    throw new InvalidRequestError('The request is invalid.', {
      waitForSelector: 'must be a valid CSS selector',
    });
}

async function waitForSelector(page: Page, selector: string, timeout: number, url: string): Promise<void> {
  try {
    await page.waitForSelector(selector, { timeout });
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    throw new BrowserError('SELECTOR_TIMEOUT', `The selector "${selector}" did not appear in time.`, {
      url,
      cause: error,
    });
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
