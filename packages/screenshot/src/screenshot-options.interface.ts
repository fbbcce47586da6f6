import { Billing, FreeBilling } from '@quarry/core';

/** ScreenshotModule options; every value is checked when the module boots. */
export interface ScreenshotModuleOptions {
  /** Credits per successful capture; failed captures cost nothing; 0 is free. @default 5 */
  price?: number;
  /** Who pays for captures. @default the credit ledger when AccountsModule is imported, else `FreeBilling` */
  billing?: Billing;
  /** Budget of a capture that gives no `timeoutMs` (queue, load, waits, encoding), in ms. @default 30000 */
  defaultTimeoutMs?: number;
  /** JPEG quality of a capture that gives none, 1..100. @default 80 */
  defaultQuality?: number;
  /** Viewport width in CSS pixels (device scale 1), and so the image width. @default 1280 */
  viewportWidth?: number;
  /** Viewport height in CSS pixels, and so the image height unless `fullPage`. @default 800 */
  viewportHeight?: number;
  /** Tallest `fullPage` image in pixels; longer pages are cut at this height. @default 10000 */
  maxFullPageHeight?: number;
  /**
   * Longest wait, after the document arrived, for its `load` event, fonts and a quiet network;
   * when it runs out the page is captured as it is. `waitForSelector` and `extraWaitMs` come after. @default 10000
   */
  settleTimeoutMs?: number;
  /** When requests are still running at `load`: how long the network must stay quiet before the capture. @default 250 */
  networkQuietMs?: number;
  /** Capture once more, within the same deadline, when the browser crashed during the first try. @default true */
  retryOnCrash?: boolean;
  /** `Retry-After` seconds of the 429 given when every page is busy and the wait queue is full. @default 1 */
  busyRetryAfterSeconds?: number;
}

export const SCREENSHOT_DEFAULTS = {
  price: 5,
  defaultTimeoutMs: 30_000,
  defaultQuality: 80,
  viewportWidth: 1280,
  viewportHeight: 800,
  maxFullPageHeight: 10_000,
  settleTimeoutMs: 10_000,
  networkQuietMs: 250,
  retryOnCrash: true,
  busyRetryAfterSeconds: 1,
} satisfies Required<Omit<ScreenshotModuleOptions, 'billing'>>;

/** The options with their defaults applied; inject with `@Inject(SCREENSHOT_SETTINGS)`. */
export type ScreenshotSettings = Required<ScreenshotModuleOptions>;
export const SCREENSHOT_SETTINGS = Symbol('ScreenshotSettings');

/** Defaults applied and every value checked; throws on the first invalid one so the app does not start. */
export function resolveScreenshotSettings(
  options: ScreenshotModuleOptions = {},
  defaultBilling: Billing = new FreeBilling(),
): ScreenshotSettings {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const settings: ScreenshotSettings = { ...SCREENSHOT_DEFAULTS, billing: defaultBilling, ...defined };
  requireInteger('price', settings.price, 0, Number.MAX_SAFE_INTEGER);
  requireInteger('defaultTimeoutMs', settings.defaultTimeoutMs, 1, 600_000);
  requireInteger('defaultQuality', settings.defaultQuality, 1, 100);
  requireInteger('viewportWidth', settings.viewportWidth, 100, 4096);
  requireInteger('viewportHeight', settings.viewportHeight, 100, 4096);
  requireInteger('maxFullPageHeight', settings.maxFullPageHeight, settings.viewportHeight, 16_384);
  requireInteger('settleTimeoutMs', settings.settleTimeoutMs, 0, 600_000);
  requireInteger('networkQuietMs', settings.networkQuietMs, 0, 10_000);
  requireInteger('busyRetryAfterSeconds', settings.busyRetryAfterSeconds, 1, 3_600);
  if (typeof settings.retryOnCrash !== 'boolean')
    throw new Error(`retryOnCrash must be a boolean, got ${String(settings.retryOnCrash)}.`);
  return settings;
}

function requireInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${String(value)}.`);
  }
}
