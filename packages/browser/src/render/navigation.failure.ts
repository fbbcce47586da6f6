import { TimeoutError, type HTTPResponse } from 'puppeteer-core';
import { BrowserError } from '../errors/browser.error';
import type { PageJob } from '../pool/page-job';
import type { PageNetwork } from './page.network';

/** What Chromium reports when the proxy refused a tunnel; the proxy's journal knows the real cause. */
const PROXY_MASKED = new Set([
  'ERR_TUNNEL_CONNECTION_FAILED',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_EMPTY_RESPONSE',
]);

/** How long a failed navigation may wait for Chromium to say which request of it failed. */
const FAILED_REQUEST_WAIT_MS = 250;

/**
 * The BrowserError for a navigation to `url` that threw `error`: TIMEOUT, BLOCKED (the policy
 * refused it or a redirect) or NAVIGATION_FAILED with the real net error; other errors unchanged.
 */
export async function navigationFailure(
  error: unknown,
  url: string,
  network: PageNetwork,
  job: PageJob,
): Promise<unknown> {
  if (error instanceof TimeoutError) {
    return new BrowserError('TIMEOUT', `${url} did not load in time.`, { url, cause: error });
  }
  const netError = /net::(ERR_[A-Z0-9_]+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (!netError) return error;
  // The navigation can fail before the event naming its failed request (a redirect's) arrives.
  await network.failureReported(FAILED_REQUEST_WAIT_MS);
  const failedUrl = network.failedNavigation?.url ?? url;
  if (!PROXY_MASKED.has(netError)) return refusal(url, failedUrl, netError, error);
  const verdict = job.refusalFor(failedUrl);
  if (verdict) return refusal(url, failedUrl, verdict, error);
  // Chromium did not say which request of a redirect chain failed: the latest refusal is the cause.
  const latest = job.latestRefusal();
  return latest
    ? refusal(url, latest.target, latest.verdict, error)
    : refusal(url, failedUrl, netError, error);
}

/** Throws when `response` is one the job's checking proxy made up (a refused plain-http request). */
export function assertNotRefused(response: HTTPResponse | null | undefined, job: PageJob, url: string): void {
  const verdict = response ? job.refusalIn(response) : undefined;
  if (!response || !verdict) return;
  throw refusal(url, response.url(), verdict);
}

/**
 * `failedUrl` is where loading `url` stopped: itself, or a redirect or script navigation from it
 * (only its host:port when that is all that is known).
 */
function refusal(url: string, failedUrl: string, verdict: string, cause?: unknown): BrowserError {
  const where = failedUrl === url ? url : `the redirect to ${failedUrl}`;
  if (verdict === 'BLOCKED') {
    return new BrowserError('BLOCKED', `Blocked: ${where} is not a public address.`, {
      url: failedUrl,
      cause,
    });
  }
  return new BrowserError('NAVIGATION_FAILED', `Loading ${where} failed: ${verdict}.`, {
    url: failedUrl,
    netError: verdict,
    cause,
  });
}
