import type { BrowserContext, HTTPResponse, Page, Viewport } from 'puppeteer-core';
import type { ProxyJournal, ProxyVerdict } from '../proxy/proxy.journal';

/** What a `withPage` callback gets besides the page: its context, deadline and abort signal. */
export interface PageJob {
  /** The incognito context the page lives in; cleared for a later job or closed when the job ends. */
  readonly context: BrowserContext;
  /** Aborts at the deadline, on a crash and on shutdown; its reason is the job's BrowserError. */
  readonly signal: AbortSignal;
  /** Epoch milliseconds at which the job is cut. */
  readonly deadline: number;
  /** Milliseconds left before the deadline (0 when past). */
  remainingMs(): number;
  /** Requests the job's checking proxy refused so far under the network policy. */
  readonly blockedRequests: number;
  /**
   * Why the job's checking proxy last refused the host:port of `url`, if it did: `BLOCKED` or the
   * net error (`ERR_NAME_NOT_RESOLVED`, ...). Chromium reports a refused tunnel only as
   * `ERR_TUNNEL_CONNECTION_FAILED`; this says what really happened.
   */
  refusalFor(url: string): ProxyVerdict | undefined;
  /** The host:port and verdict of the proxy's latest refusal in this job, if any. */
  latestRefusal(): { target: string; verdict: ProxyVerdict } | undefined;
  /** The verdict when `response` was made up by the job's proxy (a refused plain-http request). */
  refusalIn(response: HTTPResponse): ProxyVerdict | undefined;
}

export type PageWork<T> = (page: Page, job: PageJob) => Promise<T>;

export interface WithPageOptions {
  /** Whole job, including the wait for a free page and a browser launch. @default the pool's defaultTimeoutMs (30000) */
  timeoutMs?: number;
  /** @default { width: 1280, height: 800, deviceScaleFactor: 1 } */
  viewport?: Viewport;
}

export function createPageJob(
  context: BrowserContext,
  signal: AbortSignal,
  deadline: number,
  journal: ProxyJournal,
): PageJob {
  return {
    context,
    signal,
    deadline,
    remainingMs: () => Math.max(0, deadline - Date.now()),
    get blockedRequests() {
      return journal.blocked;
    },
    refusalFor: (url) => journal.verdictFor(url),
    latestRefusal: () => journal.latest,
    refusalIn: (response) => journal.verdictInHeaders(response.headers()),
  };
}
