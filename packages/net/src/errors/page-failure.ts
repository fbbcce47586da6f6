import { QuarryError } from '@quarry/core';
import type { NetError } from './net.error';

/** Why a page could not be read: the scrape error table of docs/api.md §1, which brand profiles share. */
export type PageFailureCode =
  | 'AUTH_REQUIRED'
  | 'URL_NOT_FOUND'
  | 'UNREADABLE_CONTENT'
  | 'TOO_LARGE'
  | 'ORIGIN_ERROR'
  | 'TIMEOUT'
  | 'SCRAPE_FAILED';

const STATUS: Record<PageFailureCode, number> = {
  AUTH_REQUIRED: 403,
  URL_NOT_FOUND: 404,
  UNREADABLE_CONTENT: 422,
  TOO_LARGE: 422,
  ORIGIN_ERROR: 502,
  TIMEOUT: 504,
  SCRAPE_FAILED: 502,
};

/** A page that could not be read, as the table's answer: `{ error: CODE, message, url }` with its status. */
export class PageFailure extends QuarryError {
  constructor(
    override readonly code: PageFailureCode,
    message: string,
    readonly url: string,
  ) {
    super(code, message, STATUS[code], { url });
  }

  /** Failures worth another attempt later (async jobs retry these). */
  get transient(): boolean {
    return this.code === 'ORIGIN_ERROR' || this.code === 'TIMEOUT' || this.code === 'SCRAPE_FAILED';
  }
}

/** The failure for a page whose origin answered with an HTTP status >= 400. */
export function originStatusFailure(status: number, url: string): PageFailure {
  if (status === 404 || status === 410)
    return new PageFailure('URL_NOT_FOUND', `The page does not exist (the origin answered ${status}).`, url);
  if (status === 401 || status === 403)
    return new PageFailure(
      'AUTH_REQUIRED',
      `The page needs authentication (the origin answered ${status}).`,
      url,
    );
  if (status >= 500)
    return new PageFailure('ORIGIN_ERROR', `The origin failed (it answered ${status}).`, url);
  return new PageFailure('SCRAPE_FAILED', `The origin refused the request (it answered ${status}).`, url);
}

/** The failure for a page the HTTP client could not fetch. */
export function netFailure(error: NetError, url: string): PageFailure {
  switch (error.code) {
    case 'HOST_NOT_FOUND':
      return new PageFailure('URL_NOT_FOUND', `The host does not resolve: ${error.message}`, url);
    case 'CONNECTION_FAILED':
    case 'TLS_FAILED':
      return new PageFailure('ORIGIN_ERROR', `The origin could not be reached: ${error.message}`, url);
    case 'TIMEOUT':
      return new PageFailure('TIMEOUT', 'The page did not arrive within timeoutMs.', url);
    case 'TOO_LARGE':
      return new PageFailure('TOO_LARGE', error.message, url);
    default:
      return new PageFailure('SCRAPE_FAILED', error.message, url);
  }
}
