import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';

/** A main-document navigation that failed below HTTP (DNS, refused, reset, TLS). */
export interface FailedNavigation {
  url: string;
  /** Chromium's reason, e.g. `net::ERR_CONNECTION_REFUSED`. */
  errorText: string;
}

/** Fewer than this many long-running requests do not hold a capture back once they stall. */
const STALLED_REQUESTS = 2;
const STALLED_AFTER_MS = 500;
const POLL_MS = 25;

/**
 * What the page's network is doing: the requests in flight (for "wait until quiet"), and the main
 * frame's latest document response and failed navigation, whoever started them (a redirect, a
 * script or a meta refresh).
 */
export class PageNetwork {
  private readonly inFlight = new Set<HTTPRequest>();
  private lastChangeAt = Date.now();
  private lastDocument?: HTTPResponse;
  private lastFailure?: FailedNavigation;

  private readonly stopListening: () => void;

  constructor(private readonly page: Page) {
    const onRequest = (request: HTTPRequest) => {
      if (!/^https?:/.test(request.url())) return;
      this.inFlight.add(request);
      this.lastChangeAt = Date.now();
    };
    const onFinished = (request: HTTPRequest) => this.finished(request);
    const onFailed = (request: HTTPRequest) => {
      this.finished(request);
      const errorText = request.failure()?.errorText ?? 'net::ERR_FAILED';
      // A navigation superseded by another (or turned into a download) leaves the document as it was.
      if (this.isMainNavigation(request) && errorText !== 'net::ERR_ABORTED') {
        this.lastFailure = { url: request.url(), errorText };
      }
    };
    const onResponse = (response: HTTPResponse) => {
      if (!this.isMainNavigation(response.request()) || isRedirect(response)) return;
      this.lastDocument = response;
      this.lastFailure = undefined;
    };
    page
      .on('request', onRequest)
      .on('requestfinished', onFinished)
      .on('requestfailed', onFailed)
      .on('response', onResponse);
    this.stopListening = () =>
      page
        .off('request', onRequest)
        .off('requestfinished', onFinished)
        .off('requestfailed', onFailed)
        .off('response', onResponse);
  }

  /** Removes its listeners from the page; call it when the job is done with the page. */
  stop(): void {
    this.stopListening();
  }

  /** The main frame's latest document response (not a redirect hop). */
  get document(): HTTPResponse | undefined {
    return this.lastDocument;
  }

  /** The main frame's latest navigation that failed without an HTTP answer, unless a document arrived after it. */
  get failedNavigation(): FailedNavigation | undefined {
    return this.lastFailure;
  }

  /** Resolves once a main-document navigation failure is known, or after `ms`. */
  async failureReported(ms: number): Promise<void> {
    for (const until = Date.now() + ms; !this.lastFailure && Date.now() < until;) await sleep(10);
  }

  get pending(): number {
    return this.inFlight.size;
  }

  /**
   * Resolves once no request has been running for `quietMs` (or at most two have been hanging,
   * unchanged, for 500 ms: beacons, long polls, streams), or at `until` (epoch ms), whichever first.
   */
  async waitForQuiet(quietMs: number, until: number, signal: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (signal.aborted || now >= until) return;
      const still = now - this.lastChangeAt;
      if (this.pending === 0 && still >= quietMs) return;
      if (this.pending <= STALLED_REQUESTS && still >= Math.max(quietMs, STALLED_AFTER_MS)) return;
      await sleep(Math.min(POLL_MS, until - now));
    }
  }

  private finished(request: HTTPRequest): void {
    if (this.inFlight.delete(request)) this.lastChangeAt = Date.now();
  }

  private isMainNavigation(request: HTTPRequest): boolean {
    return request.isNavigationRequest() && request.frame() === this.page.mainFrame();
  }
}

function isRedirect(response: HTTPResponse): boolean {
  return response.status() >= 300 && response.status() < 400 && 'location' in response.headers();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
