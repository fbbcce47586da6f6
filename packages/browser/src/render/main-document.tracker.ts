import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';

export interface FailedNavigation {
  url: string;
  /** Chromium's error text, e.g. `net::ERR_TUNNEL_CONNECTION_FAILED`. */
  errorText: string;
}

/** The main frame's latest document response and failed navigation, whoever started them. */
export class MainDocumentTracker {
  private lastResponse?: HTTPResponse;
  private lastFailure?: FailedNavigation;

  constructor(private readonly page: Page) {
    page.on('response', (response: HTTPResponse) => {
      if (!this.isMainNavigation(response.request()) || isRedirect(response)) return;
      this.lastResponse = response;
      this.lastFailure = undefined;
    });
    page.on('requestfailed', (request: HTTPRequest) => {
      const errorText = request.failure()?.errorText ?? '';
      // A navigation superseded by another (or turned into a download) leaves the document as it was.
      if (!this.isMainNavigation(request) || errorText === 'net::ERR_ABORTED') return;
      this.lastFailure = { url: request.url(), errorText };
    });
  }

  get response(): HTTPResponse | undefined {
    return this.lastResponse;
  }

  /** The main frame's latest navigation failure, unless a document arrived after it. */
  get failure(): FailedNavigation | undefined {
    return this.lastFailure;
  }

  private isMainNavigation(request: HTTPRequest): boolean {
    return request.isNavigationRequest() && request.frame() === this.page.mainFrame();
  }
}

function isRedirect(response: HTTPResponse): boolean {
  return response.status() >= 300 && response.status() < 400 && 'location' in response.headers();
}
