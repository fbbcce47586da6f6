import { Inject, Injectable, Logger } from '@nestjs/common';
import { BrowserError, BrowserPool } from '@quarry/browser';
import { IdGenerator, InvalidRequestError, QuarryError, runPaid } from '@quarry/core';
import { asInvalidRequest, NetError, PublicUrlPolicy } from '@quarry/net';
import type { Browser } from 'puppeteer-core';
import { SCREENSHOT_SETTINGS, type ScreenshotSettings } from '../screenshot-options.interface';
import { captureFailure } from './capture-failure';
import { capturePage, type CapturePlan } from './page-capture';
import type { Screenshot, ScreenshotRequest } from './screenshot-request';
import { ScreenshotError } from './screenshot.error';

/** The ledger operation captures are charged under. */
export const SCREENSHOT_OPERATION = 'screenshot';

export interface CaptureOptions {
  /** The API key the capture's charge is counted under. */
  apiKeyId?: string;
  /** Asked once the image is ready: false gives the price back (the caller gave up). */
  wanted?: () => boolean;
}

/** Below this many milliseconds left, a crashed capture is not tried again. */
const MIN_RETRY_MS = 1_000;

/**
 * Captures public pages as JPEG in the browser pool: on the page of an incognito context cleared
 * of earlier jobs, every request of the page through the pool's network policy, one
 * deadline for queue, load and encoding, and one more try when the browser itself crashed under the first.
 */
@Injectable()
export class ScreenshotService {
  private readonly logger = new Logger(ScreenshotService.name);

  constructor(
    @Inject(SCREENSHOT_SETTINGS) private readonly settings: ScreenshotSettings,
    @Inject(PublicUrlPolicy) private readonly policy: PublicUrlPolicy,
    @Inject(BrowserPool) private readonly pool: BrowserPool,
    @Inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /**
   * The capture, paid by `accountId` through the module's `billing`: the price held before the
   * capture (`PaymentRequiredError` when the account cannot pay), charged (counted under `apiKeyId`
   * when given) on success unless `wanted` then answers false (the caller gave up), given back on failure. Throws `InvalidRequestError` (400) for a bad request or a URL that is not public http(s),
   * `ScreenshotError` (422 UPSTREAM_ERROR, 502 CAPTURE_FAILED, 504 TIMEOUT) when the capture fails,
   * and a 429 `rate_limited` QuarryError when every page is busy and the queue is full.
   */
  async capture(
    accountId: string,
    request: ScreenshotRequest,
    { apiKeyId, wanted }: CaptureOptions = {},
  ): Promise<Screenshot> {
    const { billing, price } = this.settings;
    const work = {
      accountId,
      apiKeyId,
      operation: SCREENSHOT_OPERATION,
      referenceId: this.ids.uuid(),
      price,
    };
    return runPaid(billing, work, () => this.shoot(request), { wanted });
  }

  private async shoot(request: ScreenshotRequest): Promise<Screenshot> {
    const plan = this.plan(request);
    const timeoutMs = request.timeoutMs ?? this.settings.defaultTimeoutMs;
    const deadline = Date.now() + timeoutMs;
    await this.policy.check(request.url).catch((error: unknown) => {
      if (error instanceof NetError && error.code === 'HOST_NOT_FOUND') {
        throw new ScreenshotError(
          'UPSTREAM_ERROR',
          `The host does not resolve: ${error.message}`,
          request.url,
          null,
        );
      }
      throw asInvalidRequest(error);
    });

    for (let attempt = 1; ; attempt += 1) {
      let browser: Browser | undefined;
      try {
        const capture = await this.pool.withPage(
          (page, job) => {
            browser = page.browser();
            return capturePage(page, job, plan);
          },
          { timeoutMs: Math.max(1, deadline - Date.now()), viewport: this.viewport() },
        );
        return { ...capture, url: request.url, attempts: attempt };
      } catch (error) {
        const browserDied = error instanceof BrowserError && error.code === 'CRASHED' && !browser?.connected;
        if (
          browserDied &&
          this.settings.retryOnCrash &&
          attempt === 1 &&
          deadline - Date.now() >= MIN_RETRY_MS
        ) {
          this.logger.warn(`The browser crashed while capturing ${request.url}; trying once more.`);
          continue;
        }
        throw this.failure(error, request.url);
      }
    }
  }

  private viewport() {
    return { width: this.settings.viewportWidth, height: this.settings.viewportHeight, deviceScaleFactor: 1 };
  }

  private plan(request: ScreenshotRequest): CapturePlan {
    const details: Record<string, string> = {};
    const quality = request.quality ?? this.settings.defaultQuality;
    const extraWaitMs = request.extraWaitMs ?? 0;
    const timeoutMs = request.timeoutMs ?? this.settings.defaultTimeoutMs;
    if (typeof request.url !== 'string') details.url = 'url must be a string';
    if (!isIntegerIn(quality, 1, 100)) details.quality = 'quality must be an integer from 1 to 100';
    if (!isIntegerIn(extraWaitMs, 0, 10_000))
      details.extraWaitMs = 'extraWaitMs must be an integer from 0 to 10000';
    if (!isIntegerIn(timeoutMs, 1, 600_000)) details.timeoutMs = 'timeoutMs must be a positive integer';
    if (
      request.waitForSelector !== undefined &&
      (typeof request.waitForSelector !== 'string' || request.waitForSelector.length > 512)
    ) {
      details.waitForSelector = 'waitForSelector must be a string of at most 512 characters';
    }
    if (Object.keys(details).length > 0) throw new InvalidRequestError('The request is invalid.', details);
    return {
      url: request.url,
      waitForSelector: request.waitForSelector || undefined,
      extraWaitMs,
      fullPage: request.fullPage === true,
      quality,
      width: this.settings.viewportWidth,
      height: this.settings.viewportHeight,
      maxFullPageHeight: this.settings.maxFullPageHeight,
      settleTimeoutMs: this.settings.settleTimeoutMs,
      networkQuietMs: this.settings.networkQuietMs,
    };
  }

  private failure(error: unknown, url: string): unknown {
    if (error instanceof QuarryError) return error;
    if (error instanceof BrowserError) return captureFailure(error, url, this.settings.busyRetryAfterSeconds);
    this.logger.error({ err: error, url }, 'A capture failed unexpectedly');
    return new ScreenshotError('CAPTURE_FAILED', 'The browser failed while capturing the page.', url);
  }
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
