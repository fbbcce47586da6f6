import { BrowserError } from '@quarry/browser';
import { ScrapeError } from './scrape.error';

/** Chromium's network errors that mean the host does not exist. */
const NOT_FOUND = /ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ERR_ADDRESS_INVALID/;

/** The scrape error code (docs/api.md §1) for a failure of the browser tier. */
export function browserFailure(error: BrowserError, url: string): ScrapeError {
  switch (error.code) {
    case 'TIMEOUT':
    case 'SELECTOR_TIMEOUT':
      return new ScrapeError('TIMEOUT', error.message, url);
    case 'NAVIGATION_FAILED':
      return NOT_FOUND.test(error.netError ?? '')
        ? new ScrapeError('URL_NOT_FOUND', `The host does not resolve: ${error.message}`, url)
        : new ScrapeError('ORIGIN_ERROR', `The origin could not be reached: ${error.message}`, url);
    case 'BLOCKED':
      return new ScrapeError('SCRAPE_FAILED', `The page was blocked: ${error.message}`, url);
    default:
      return new ScrapeError('SCRAPE_FAILED', `Rendering failed: ${error.message}`, url);
  }
}
