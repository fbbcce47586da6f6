import { QuarryError } from '@quarry/core';

/** The scrape error codes (docs/api.md §1), which brand profiles answer with too. */
export type BrandErrorCode =
  | 'AUTH_REQUIRED'
  | 'URL_NOT_FOUND'
  | 'UNREADABLE_CONTENT'
  | 'TOO_LARGE'
  | 'ORIGIN_ERROR'
  | 'TIMEOUT'
  | 'SCRAPE_FAILED';

const STATUS: Record<BrandErrorCode, number> = {
  AUTH_REQUIRED: 403,
  URL_NOT_FOUND: 404,
  UNREADABLE_CONTENT: 422,
  TOO_LARGE: 422,
  ORIGIN_ERROR: 502,
  TIMEOUT: 504,
  SCRAPE_FAILED: 502,
};

/** A profile that failed, as a scrape fails: `{ error: CODE, message, url }` with the scrape table's status. */
export class BrandError extends QuarryError {
  constructor(
    override readonly code: BrandErrorCode,
    message: string,
    readonly url: string,
  ) {
    super(code, message, STATUS[code], { url });
  }
}
