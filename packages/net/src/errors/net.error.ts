/**
 * What went wrong on the way to an origin; the scrape package maps these to docs/api.md §1's scrape
 * error codes.
 */
export type NetErrorCode =
  | 'INVALID_URL'
  | 'BLOCKED'
  | 'HOST_NOT_FOUND'
  | 'CONNECTION_FAILED'
  | 'TLS_FAILED'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'TOO_MANY_REDIRECTS'
  | 'REQUEST_FAILED';

/**
 * A failed fetch or a rejected URL. Not a QuarryError on purpose: these codes describe the
 * transport, and each caller decides which HTTP answer they become.
 */
export class NetError extends Error {
  constructor(
    readonly code: NetErrorCode,
    message: string,
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NetError';
  }
}

/** INVALID_URL and BLOCKED are the policy's own verdicts on a URL; everything else is a fetch outcome. */
export function isPolicyRejection(error: unknown): error is NetError {
  return error instanceof NetError && (error.code === 'INVALID_URL' || error.code === 'BLOCKED');
}
