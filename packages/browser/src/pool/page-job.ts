import type { BrowserContext, Page, Viewport } from 'puppeteer-core';
import type { ProxyJournal } from '../proxy/proxy.journal';

/** What a `withPage` callback gets besides the page: its context, deadline and abort signal. */
export interface PageJob {
  /** The incognito context the page lives in; closed when the job ends. */
  readonly context: BrowserContext;
  /** Aborts at the deadline, on a crash and on shutdown; its reason is the job's BrowserError. */
  readonly signal: AbortSignal;
  /** Epoch milliseconds at which the job is cut. */
  readonly deadline: number;
  /** Milliseconds left before the deadline (0 when past). */
  remainingMs(): number;
  /** Requests refused so far by the network policy (proxy and in-page guard). */
  readonly blockedRequests: number;
}

export type PageWork<T> = (page: Page, job: PageJob) => Promise<T>;

export interface WithPageOptions {
  /** Whole job, including the wait for a free page and a browser launch. @default the pool's defaultTimeoutMs (30000) */
  timeoutMs?: number;
  /** @default { width: 1280, height: 800, deviceScaleFactor: 1 } */
  viewport?: Viewport;
}

const journals = new WeakMap<PageJob, ProxyJournal>();

export function createPageJob(
  context: BrowserContext,
  signal: AbortSignal,
  deadline: number,
  journal: ProxyJournal,
): PageJob {
  const job: PageJob = {
    context,
    signal,
    deadline,
    remainingMs: () => Math.max(0, deadline - Date.now()),
    get blockedRequests() {
      return journal.blocked;
    },
  };
  journals.set(job, journal);
  return job;
}

/** The refusals behind a job, for this package's renderer; not part of the public API. */
export function journalOf(job: PageJob): ProxyJournal {
  const journal = journals.get(job);
  if (!journal) throw new Error('Not a job of this browser pool.');
  return journal;
}
