import { PageFailure, type PageFailureCode } from '@quarry/net';

/** A scrape that failed, as the scrape error table of docs/api.md §1: `{ error: CODE, message, url }`. */
export const ScrapeError = PageFailure;
export type ScrapeError = PageFailure;
export type ScrapeErrorCode = PageFailureCode;
