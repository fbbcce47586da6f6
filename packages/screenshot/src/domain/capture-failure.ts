import { browserBusy, type BrowserError } from '@quarry/browser';
import { QuarryError } from '@quarry/core';
import { ScreenshotError } from './screenshot.error';

/**
 * docs/api.md §5's answer to a failure of the browser: the page's fault (422), ours (502), time
 * (504), or full (429).
 */
export function captureFailure(error: BrowserError, url: string, retryAfterSeconds: number): QuarryError {
  switch (error.code) {
    case 'TIMEOUT':
      return new ScreenshotError(
        'TIMEOUT',
        `The capture did not finish within timeoutMs: ${error.message}`,
        url,
      );
    case 'SELECTOR_TIMEOUT':
      return new ScreenshotError('TIMEOUT', error.message, url);
    case 'NAVIGATION_FAILED':
      return new ScreenshotError(
        'UPSTREAM_ERROR',
        `The page could not be loaded: ${error.message}`,
        url,
        null,
      );
    case 'BLOCKED':
      return new ScreenshotError(
        'CAPTURE_FAILED',
        `The page was blocked by the network policy: ${error.message}`,
        url,
      );
    case 'BUSY':
      return browserBusy(retryAfterSeconds);
    default:
      return new ScreenshotError('CAPTURE_FAILED', `The browser failed: ${error.message}`, url);
  }
}
