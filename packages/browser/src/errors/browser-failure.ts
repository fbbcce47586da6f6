import { QuarryError } from '@quarry/core';
import { PageFailure } from '@quarry/net';
import type { BrowserError } from './browser.error';

/** Chromium's network errors that mean the host does not exist. */
const NOT_FOUND = /ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ERR_ADDRESS_INVALID/;

/**
 * The page failure (docs/api.md §1) for a failure of the browser. `timeoutPrefix`, when given,
 * leads the message of a `TIMEOUT` (what did not finish). A full browser is `browserBusy`'s answer.
 */
export function browserFailure(error: BrowserError, url: string, timeoutPrefix?: string): PageFailure {
  switch (error.code) {
    case 'TIMEOUT':
    case 'SELECTOR_TIMEOUT':
      return new PageFailure(
        'TIMEOUT',
        timeoutPrefix ? `${timeoutPrefix}: ${error.message}` : error.message,
        url,
      );
    case 'NAVIGATION_FAILED':
      return NOT_FOUND.test(error.netError ?? '')
        ? new PageFailure('URL_NOT_FOUND', `The host does not resolve: ${error.message}`, url)
        : new PageFailure('ORIGIN_ERROR', `The origin could not be reached: ${error.message}`, url);
    case 'BLOCKED':
      return new PageFailure('SCRAPE_FAILED', `The page was blocked: ${error.message}`, url);
    default:
      return new PageFailure('SCRAPE_FAILED', `Rendering failed: ${error.message}`, url);
  }
}

/** 429 with Retry-After: every browser page is busy and the wait queue is full. */
export function browserBusy(retryAfterSeconds: number): QuarryError {
  return new QuarryError(
    'rate_limited',
    `Every browser page is busy and the wait queue is full; retry in ${retryAfterSeconds} s.`,
    429,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
