import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';

/** A main-document navigation that failed below HTTP (DNS, refused, reset, TLS, aborted). */
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
export class NetworkActivity {
  private readonly inFlight = new Set<HTTPRequest>();
  private lastChangeAt = Date.now();
  private lastDocument?: HTTPResponse;
  private lastFailure?: FailedNavigation;

  constructor(private readonly page: Page) {
    page.on('request', (request: HTTPRequest) => {
      if (!/^https?:/.test(request.url())) return;
      this.inFlight.add(request);
      this.lastChangeAt = Date.now();
    });
    page.on('requestfinished', (request: HTTPRequest) => this.finished(request));
    page.on('requestfailed', (request: HTTPRequest) => {
      this.finished(request);
      if (this.isMainNavigation(request)) {
        this.lastFailure = {
          url: request.url(),
          errorText: request.failure()?.errorText ?? 'net::ERR_FAILED',
        };
      }
    });
    page.on('response', (response: HTTPResponse) => {
      if (this.isMainNavigation(response.request()) && !isRedirect(response)) this.lastDocument = response;
    });
  }

  /** The main frame's latest document response (not a redirect hop). */
  get document(): HTTPResponse | undefined {
    return this.lastDocument;
  }

  /** The main frame's latest navigation that failed without an HTTP answer. */
  get failedNavigation(): FailedNavigation | undefined {
    return this.lastFailure;
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
