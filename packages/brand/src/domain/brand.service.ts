import { Inject, Injectable, Logger } from '@nestjs/common';
import { browserBusy, BrowserError, browserFailure } from '@quarry/browser';
import { IdGenerator, InvalidRequestError, QuarryError, runPaid } from '@quarry/core';
import { asInvalidRequest, NetError, originStatusFailure, PublicUrlPolicy } from '@quarry/net';
import { BRAND_SETTINGS, type BrandSettings } from '../brand-options.interface';
import type { PageMeasurement } from '../page/page-measurement';
import { BrandPageMeasurer } from '../ports/brand-page.measurer';
import { assembleProfile } from './assemble-profile';
import type { BrandProfile, BrandRequest } from './brand-profile';
import { BrandError } from './brand.error';

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/i;

/** The ledger operation brand profiles are charged under. */
export const BRAND_OPERATION = 'brand';

/**
 * Brand profiles of public pages: one rendering through `BrandPageMeasurer` (by default a page of
 * the browser pool: an incognito context cleared of earlier jobs, every request of the page through
 * the pool's network policy), in the light colour-scheme preference, measured by one in-page
 * evaluation once the page settled (load event, web fonts, a quiet network), then judged here:
 * logo, palette roles, fonts, identity, links.
 */
@Injectable()
export class BrandService {
  private readonly logger = new Logger(BrandService.name);

  constructor(
    @Inject(BRAND_SETTINGS) private readonly settings: BrandSettings,
    @Inject(PublicUrlPolicy) private readonly policy: PublicUrlPolicy,
    @Inject(BrandPageMeasurer) private readonly pages: BrandPageMeasurer,
    @Inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /**
   * The profile, paid by `accountId` through the module's `billing`: the price held before the page
   * is fetched (`PaymentRequiredError` when the account cannot pay), charged on success (counted
   * under `apiKeyId` when given), given back on failure. Throws `InvalidRequestError` (400) for a bad request or a URL that is not public http(s),
   * `BrandError` with scrape's codes (403 AUTH_REQUIRED, 404 URL_NOT_FOUND, 422 UNREADABLE_CONTENT,
   * 502 ORIGIN_ERROR / SCRAPE_FAILED, 504 TIMEOUT) when the page cannot be profiled, and a 429
   * `rate_limited` QuarryError when every browser page is busy and the queue is full.
   */
  async profile(accountId: string, request: BrandRequest, apiKeyId?: string): Promise<BrandProfile> {
    const { billing, price } = this.settings;
    const work = { accountId, apiKeyId, operation: BRAND_OPERATION, referenceId: this.ids.uuid(), price };
    return runPaid(billing, work, () => this.measureProfile(request));
  }

  private async measureProfile(request: BrandRequest): Promise<BrandProfile> {
    const timeoutMs = this.checkRequest(request);
    await this.policy.check(request.url).catch((error: unknown) => {
      if (error instanceof NetError && error.code === 'HOST_NOT_FOUND')
        throw new BrandError('URL_NOT_FOUND', `The host does not resolve: ${error.message}`, request.url);
      throw asInvalidRequest(error);
    });
    try {
      const measurement = await this.measure(request.url, timeoutMs);
      return assembleProfile(request.url, measurement, this.settings.viewportWidth);
    } catch (error) {
      throw this.failure(error, request.url);
    }
  }

  private async measure(url: string, timeoutMs: number): Promise<PageMeasurement> {
    const { viewportWidth, viewportHeight, settleTimeoutMs, networkQuietMs } = this.settings;
    const { status, measurement, outOfTime } = await this.pages.measure(url, {
      timeoutMs,
      viewportWidth,
      viewportHeight,
      settleTimeoutMs,
      networkQuietMs,
    });
    if (status !== null && status >= 400) throw originStatusFailure(status, url);
    if (!measurement) {
      if (outOfTime) throw new BrandError('TIMEOUT', 'The page was not measured within timeoutMs.', url);
      throw new BrandError(
        'SCRAPE_FAILED',
        'The page kept replacing its document and could not be measured.',
        url,
      );
    }
    if (!HTML_TYPES.test(measurement.contentType))
      throw new BrandError(
        'UNREADABLE_CONTENT',
        `The URL is not a web page (${measurement.contentType}).`,
        url,
      );
    return measurement;
  }

  private checkRequest(request: BrandRequest): number {
    const details: Record<string, string> = {};
    const timeoutMs = request.timeoutMs ?? this.settings.defaultTimeoutMs;
    if (typeof request.url !== 'string') details.url = 'url must be a string';
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 600_000)
      details.timeoutMs = 'timeoutMs must be a positive integer';
    if (Object.keys(details).length > 0) throw new InvalidRequestError('The request is invalid.', details);
    return timeoutMs;
  }

  private failure(error: unknown, url: string): unknown {
    if (error instanceof QuarryError) return error;
    if (error instanceof BrowserError)
      return error.code === 'BUSY'
        ? browserBusy(this.settings.busyRetryAfterSeconds)
        : browserFailure(error, url, 'The profile did not finish within timeoutMs');
    this.logger.error({ err: error, url }, 'A brand profile failed unexpectedly');
    return new BrandError('SCRAPE_FAILED', 'The browser failed while profiling the page.', url);
  }
}
