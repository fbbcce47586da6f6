import { PageFailure, type PageFailureCode } from '@quarry/net';

/** A profile that failed, as a scrape fails (docs/api.md §1): `{ error: CODE, message, url }`. */
export const BrandError = PageFailure;
export type BrandError = PageFailure;
export type BrandErrorCode = PageFailureCode;
