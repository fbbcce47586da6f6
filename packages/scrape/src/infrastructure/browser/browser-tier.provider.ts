import type { FactoryProvider } from '@nestjs/common';
import type { PageRenderer } from '@quarry/browser';
import { NotImplementedError } from '@quarry/core';
import { BrowserRenderedPage, BrowserRenderOptions, BrowserTier } from '../../ports/browser-tier';
import { BROWSER_PACKAGE_NAME, type BrowserPackage } from './browser-package';

/** The browser tier on `@quarry/browser`'s `PageRenderer` (the app's `BrowserModule`). */
class RendererBrowserTier extends BrowserTier {
  constructor(
    private readonly browser: BrowserPackage,
    private readonly renderer: PageRenderer,
  ) {
    super();
  }

  render(url: string, options: BrowserRenderOptions, requestedUrl: string): Promise<BrowserRenderedPage> {
    return this.renderer.render(url, options).catch((error: unknown) => {
      throw error instanceof this.browser.BrowserError
        ? this.browser.browserFailure(error, requestedUrl)
        : error;
    });
  }
}

/** The browser tier of an install without `@quarry/browser`: requests that need it are refused, naming it. */
class AbsentBrowserTier extends BrowserTier {
  render(): Promise<BrowserRenderedPage> {
    return Promise.reject(
      new NotImplementedError(
        `This page needs the browser tier (waitForSelector, extraWaitMs, or a page that renders only with scripts), ` +
          `and ${BROWSER_PACKAGE_NAME} is not installed: install it and import BrowserModule.forRoot() to render pages.`,
      ),
    );
  }
}

/**
 * Provides `BrowserTier`: with `browser` installed, on the `PageRenderer` of the app's `BrowserModule`
 * (a boot requirement then), else the tier that refuses.
 */
export function browserTierProvider(browser: BrowserPackage | undefined): FactoryProvider<BrowserTier> {
  return browser
    ? {
        provide: BrowserTier,
        inject: [browser.PageRenderer],
        useFactory: (renderer: PageRenderer) => new RendererBrowserTier(browser, renderer),
      }
    : { provide: BrowserTier, useFactory: () => new AbsentBrowserTier() };
}
