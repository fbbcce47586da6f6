import type * as browserExports from '@quarry/browser';
import { isMissingPackage } from '@quarry/core';

export type BrowserPackage = typeof browserExports;

/** The package of the browser tier, an optional peer dependency of `@quarry/scrape`. */
export const BROWSER_PACKAGE_NAME = '@quarry/browser';

/** `@quarry/browser` as installed next to `@quarry/scrape`, or undefined when it is not installed. */
export function loadBrowserPackage(name: string = BROWSER_PACKAGE_NAME): BrowserPackage | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an optional peer: scraping over HTTP needs no browser
    return require(name) as BrowserPackage;
  } catch (error) {
    if (isMissingPackage(error, name)) return undefined;
    throw error;
  }
}
