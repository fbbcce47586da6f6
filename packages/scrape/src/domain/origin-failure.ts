import { NetError } from '@quarry/net';
import { ScrapeError } from './scrape.error';

/** The scrape error code (docs/api.md §1) for an origin's HTTP status >= 400. */
export function originStatusError(status: number, url: string): ScrapeError {
  if (status === 404 || status === 410)
    return new ScrapeError('URL_NOT_FOUND', `The page does not exist (the origin answered ${status}).`, url);
  if (status === 401 || status === 403)
    return new ScrapeError(
      'AUTH_REQUIRED',
      `The page needs authentication (the origin answered ${status}).`,
      url,
    );
  if (status >= 500)
    return new ScrapeError('ORIGIN_ERROR', `The origin failed (it answered ${status}).`, url);
  return new ScrapeError('SCRAPE_FAILED', `The origin refused the request (it answered ${status}).`, url);
}

/** The scrape error code (docs/api.md §1) for a failure of the HTTP client. */
export function netFailure(error: NetError, url: string): ScrapeError {
  switch (error.code) {
    case 'HOST_NOT_FOUND':
      return new ScrapeError('URL_NOT_FOUND', `The host does not resolve: ${error.message}`, url);
    case 'CONNECTION_FAILED':
    case 'TLS_FAILED':
      return new ScrapeError('ORIGIN_ERROR', `The origin could not be reached: ${error.message}`, url);
    case 'TIMEOUT':
      return new ScrapeError('TIMEOUT', 'The page did not arrive within timeoutMs.', url);
    case 'TOO_LARGE':
      return new ScrapeError('TOO_LARGE', error.message, url);
    default:
      return new ScrapeError('SCRAPE_FAILED', error.message, url);
  }
}
