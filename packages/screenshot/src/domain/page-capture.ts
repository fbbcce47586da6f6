import { loadPage, type PageJob } from '@quarry/browser';
import { InvalidRequestError } from '@quarry/core';
import type { Page } from 'puppeteer-core';
import { CHECK_SELECTOR, PAGE_OUTLINE, type PageOutline } from './page.scripts';
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
}

export interface PageCapture {
  image: Buffer;
  finalUrl: string;
  status: number | null;
  width: number;
  height: number;
  blockedRequests: number;
}

/**
 * Loads `plan.url` in `page` with `loadPage` and captures it: origin errors are refused as soon as
 * the document arrived, the page settles as rendered (load event, fonts, images in view, a quiet
 * network; bounded), a page that painted nothing is refused, then the JPEG is encoded.
 */
export async function capturePage(page: Page, job: PageJob, plan: CapturePlan): Promise<PageCapture> {
  if (plan.waitForSelector) await assertSelector(page, plan.waitForSelector);
  const loaded = await loadPage<PageOutline>(page, job, plan.url, {
    waitForSelector: plan.waitForSelector,
    extraWaitMs: plan.extraWaitMs,
    settle: 'rendered',
    settleTimeoutMs: plan.settleTimeoutMs,
    networkQuietMs: plan.networkQuietMs,
    stopAtErrorStatus: true,
    inspect: PAGE_OUTLINE,
  });
  if (loaded.status !== null && loaded.status >= 400) {
    throw new ScreenshotError(
      'UPSTREAM_ERROR',
      `The page answered HTTP ${loaded.status}.`,
      plan.url,
      loaded.status,
    );
  }
  // Undefined when the document kept being replaced: captured as it is rather than judged blank.
  const outline = loaded.inspection;
  if (outline && !outline.painted) {
    throw new ScreenshotError(
      'UPSTREAM_ERROR',
      'The page rendered nothing to capture (it is blank).',
      plan.url,
      loaded.status,
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
  return {
    image: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    finalUrl: loaded.finalUrl,
    status: loaded.status,
    width: plan.width,
    height,
    blockedRequests: loaded.blockedRequests,
  };
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
