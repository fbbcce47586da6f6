import { QuarryError } from '@quarry/core';

export type ScrapeErrorCode =
  | 'AUTH_REQUIRED'
  | 'URL_NOT_FOUND'
  | 'UNREADABLE_CONTENT'
  | 'TOO_LARGE'
  | 'ORIGIN_ERROR'
  | 'TIMEOUT'
  | 'SCRAPE_FAILED';

const STATUS: Record<ScrapeErrorCode, number> = {
  AUTH_REQUIRED: 403,
  URL_NOT_FOUND: 404,
  UNREADABLE_CONTENT: 422,
  TOO_LARGE: 422,
  ORIGIN_ERROR: 502,
  TIMEOUT: 504,
  SCRAPE_FAILED: 502,
};

/** A scrape that failed, as the scrape error table of docs/api.md §1: `{ error: CODE, message, url }`. */
export class ScrapeError extends QuarryError {
  constructor(
    override readonly code: ScrapeErrorCode,
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
