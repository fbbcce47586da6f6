import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';

/** The main frame's latest document response and failed navigation, whoever started them. */
export class MainDocumentTracker {
  private lastResponse?: HTTPResponse;
  private lastFailedUrl?: string;

  constructor(private readonly page: Page) {
    page.on('response', (response: HTTPResponse) => {
      if (this.isMainNavigation(response.request()) && !isRedirect(response)) this.lastResponse = response;
    });
    page.on('requestfailed', (request: HTTPRequest) => {
      if (this.isMainNavigation(request)) this.lastFailedUrl = request.url();
    });
  }

  get response(): HTTPResponse | undefined {
    return this.lastResponse;
  }

  get failedUrl(): string | undefined {
    return this.lastFailedUrl;
  }

  private isMainNavigation(request: HTTPRequest): boolean {
    return request.isNavigationRequest() && request.frame() === this.page.mainFrame();
  }
}

function isRedirect(response: HTTPResponse): boolean {
  return response.status() >= 300 && response.status() < 400 && 'location' in response.headers();
}
