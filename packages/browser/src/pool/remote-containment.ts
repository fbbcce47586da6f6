import type { Browser } from 'puppeteer-core';
import { BrowserError } from '../errors/browser.error';
import { BROWSER_CONTAINMENT_ARGS } from './launch.args';

/**
 * Refuses a remote browser started without `BROWSER_CONTAINMENT_ARGS`: the pool cannot set flags on a
 * browser it did not launch, and without them a page reaches the network around the proxy.
 */
export async function assertRemoteContained(browser: Browser): Promise<void> {
  const session = await browser.target().createCDPSession();
  try {
    const { arguments: args } = await session
      .send('Browser.getBrowserCommandLine')
      .catch((error: unknown) => {
        throw new BrowserError(
          'UNAVAILABLE',
          `Could not read the remote browser's flags (start it with --enable-automation): ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    const missing = BROWSER_CONTAINMENT_ARGS.filter((flag) => !args.includes(flag));
    if (missing.length > 0) {
      throw new BrowserError(
        'UNAVAILABLE',
        `The remote browser was started without ${missing.join(' ')}: its pages could send traffic around the checking proxy.`,
      );
    }
  } finally {
    await session.detach().catch(() => undefined);
  }
}
