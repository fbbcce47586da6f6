import {
  Billing,
  booleanOption,
  integerOption,
  methodsOption,
  ModuleOptionsError,
  type OptionRules,
  resolveOptions,
  type SettingsBeforeBilling,
} from '@quarry/core';

/** ScreenshotModule options; every value is checked when the module boots. */
export interface ScreenshotModuleOptions {
  /** Credits per successful capture; failed captures cost nothing; 0 is free. @default 5 */
  price?: number;
  /** Who pays for captures. @default the app's `Billing` (`AccountsModule` provides one), else `FreeBilling` */
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

const SCREENSHOT_OPTION_RULES: OptionRules<ScreenshotModuleOptions> = {
  price: integerOption(0),
  billing: methodsOption('reserve', 'charge', 'release', 'requireBalance'),
  defaultTimeoutMs: integerOption(1, 600_000),
  defaultQuality: integerOption(1, 100),
  viewportWidth: integerOption(100, 4096),
  viewportHeight: integerOption(100, 4096),
  maxFullPageHeight: integerOption(100, 16_384),
  settleTimeoutMs: integerOption(0, 600_000),
  networkQuietMs: integerOption(0, 10_000),
  retryOnCrash: booleanOption,
  busyRetryAfterSeconds: integerOption(1, 3_600),
};

/**
 * Defaults applied and every value checked; throws on the first invalid one so the app does not start.
 * `billing` stays as given: the module picks it with `billingOf`.
 */
export function resolveScreenshotSettings(
  options: ScreenshotModuleOptions = {},
): SettingsBeforeBilling<ScreenshotSettings> {
  const settings = resolveOptions('ScreenshotModule', SCREENSHOT_DEFAULTS, options, SCREENSHOT_OPTION_RULES);
  if (settings.maxFullPageHeight < settings.viewportHeight)
    throw new ModuleOptionsError(
      `ScreenshotModule: option maxFullPageHeight must be at least viewportHeight (${settings.viewportHeight}), got ${settings.maxFullPageHeight}`,
    );
  return settings;
}
