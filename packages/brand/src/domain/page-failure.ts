import type { BrowserError } from '@quarry/browser';
import { QuarryError } from '@quarry/core';
import { BrandError } from './brand.error';

/** Chromium's network errors that mean the host does not exist. */
const NOT_FOUND = /ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ERR_ADDRESS_INVALID/;

/** The scrape code for a failure of the browser, as scrape's browser tier maps it; BUSY is a 429 with Retry-After. */
export function browserFailure(error: BrowserError, url: string, retryAfterSeconds: number): QuarryError {
  switch (error.code) {
    case 'TIMEOUT':
    case 'SELECTOR_TIMEOUT':
      return new BrandError('TIMEOUT', `The profile did not finish within timeoutMs: ${error.message}`, url);
    case 'NAVIGATION_FAILED':
      return NOT_FOUND.test(error.netError ?? '')
        ? new BrandError('URL_NOT_FOUND', `The host does not resolve: ${error.message}`, url)
        : new BrandError('ORIGIN_ERROR', `The origin could not be reached: ${error.message}`, url);
    case 'BLOCKED':
      return new BrandError('SCRAPE_FAILED', `The page was blocked: ${error.message}`, url);
    case 'BUSY':
      return new QuarryError(
        'rate_limited',
        `Every browser page is busy and the wait queue is full; retry in ${retryAfterSeconds} s.`,
        429,
        {},
        { 'Retry-After': String(retryAfterSeconds) },
      );
    default:
      return new BrandError('SCRAPE_FAILED', `Rendering failed: ${error.message}`, url);
  }
}

/** The scrape code for a main document that answered >= 400. */
export function originStatusFailure(status: number, url: string): BrandError {
  if (status === 404 || status === 410)
    return new BrandError('URL_NOT_FOUND', `The page does not exist (the origin answered ${status}).`, url);
  if (status === 401 || status === 403)
    return new BrandError(
      'AUTH_REQUIRED',
      `The page needs authentication (the origin answered ${status}).`,
      url,
    );
  if (status >= 500) return new BrandError('ORIGIN_ERROR', `The origin failed (it answered ${status}).`, url);
  return new BrandError('SCRAPE_FAILED', `The origin refused the request (it answered ${status}).`, url);
}
