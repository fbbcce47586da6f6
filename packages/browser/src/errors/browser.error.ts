/** What went wrong in the browser; feature packages map these to their HTTP answers. */
export type BrowserErrorCode =
  'UNAVAILABLE' | 'BUSY' | 'TIMEOUT' | 'CRASHED' | 'BLOCKED' | 'NAVIGATION_FAILED' | 'SELECTOR_TIMEOUT';

export interface BrowserErrorDetails {
  /** The URL being loaded, when the error is about one. */
  url?: string;
  /** Chromium's net error name, e.g. `ERR_NAME_NOT_RESOLVED`, for NAVIGATION_FAILED. */
  netError?: string;
  cause?: unknown;
}

/**
 * A failed browser job. Not a QuarryError on purpose (like NetError): BUSY is a 429 for one
 * caller and a retry for another, NAVIGATION_FAILED is URL_NOT_FOUND or ORIGIN_ERROR by `netError`.
 */
export class BrowserError extends Error {
  readonly url?: string;
  readonly netError?: string;

  constructor(
    readonly code: BrowserErrorCode,
    message: string,
    details: BrowserErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'BrowserError';
    this.url = details.url;
    this.netError = details.netError;
  }
}
