import {
  Billing,
  integerOption,
  methodsOption,
  type OptionRules,
  resolveOptions,
  type SettingsBeforeBilling,
} from '@quarry/core';

/** BrandModule options; every value is checked when the module boots. */
export interface BrandModuleOptions {
  /** Credits per successful brand profile; failures cost nothing; 0 is free. @default 1 */
  price?: number;
  /** Who pays for profiles. @default the app's `Billing` (`AccountsModule` provides one), else `FreeBilling` */
  billing?: Billing;
  /** Budget of a profile that gives no `timeoutMs` (queue, load, measuring), in ms. @default 30000 */
  defaultTimeoutMs?: number;
  /** Viewport width in CSS pixels: what counts as the header, top-left and above the fold follows from it. @default 1280 */
  viewportWidth?: number;
  /** Viewport height in CSS pixels. @default 800 */
  viewportHeight?: number;
  /**
   * Longest wait, after the document arrived, for its `load` event, web fonts and a quiet network;
   * when it runs out the page is measured as it is. @default 10000
   */
  settleTimeoutMs?: number;
  /** When requests are still running at `load`: how long the network must stay quiet before measuring. @default 250 */
  networkQuietMs?: number;
  /** `Retry-After` seconds of the 429 given when every page is busy and the wait queue is full. @default 1 */
  busyRetryAfterSeconds?: number;
}

export const BRAND_DEFAULTS = {
  price: 1,
  defaultTimeoutMs: 30_000,
  viewportWidth: 1280,
  viewportHeight: 800,
  settleTimeoutMs: 10_000,
  networkQuietMs: 250,
  busyRetryAfterSeconds: 1,
} satisfies Required<Omit<BrandModuleOptions, 'billing'>>;

/** The options with their defaults applied; inject with `@Inject(BRAND_SETTINGS)`. */
export type BrandSettings = Required<BrandModuleOptions>;
export const BRAND_SETTINGS = Symbol('BrandSettings');

const BRAND_OPTION_RULES: OptionRules<BrandModuleOptions> = {
  price: integerOption(0),
  billing: methodsOption('reserve', 'charge', 'release', 'requireBalance'),
  defaultTimeoutMs: integerOption(1, 600_000),
  viewportWidth: integerOption(320, 4096),
  viewportHeight: integerOption(200, 4096),
  settleTimeoutMs: integerOption(0, 600_000),
  networkQuietMs: integerOption(0, 10_000),
  busyRetryAfterSeconds: integerOption(1, 3_600),
};

/**
 * Defaults applied and every value checked; throws on the first invalid one so the app does not start.
 * `billing` stays as given: the module picks it with `billingOf`.
 */
export function resolveBrandSettings(options: BrandModuleOptions = {}): SettingsBeforeBilling<BrandSettings> {
  return resolveOptions('BrandModule', BRAND_DEFAULTS, options, BRAND_OPTION_RULES);
}
