import {
  anyOption,
  type Billing,
  booleanOption,
  integerOption,
  methodsOption,
  numberOption,
  type OptionRules,
  resolveOptions,
  stringOption,
  type SettingsBeforeBilling,
} from '@quarry/core';
import type { MailTransport } from './ports/mail.transport';

export interface MonitorModuleOptions {
  /**
   * Whether this process runs the scheduler tick that claims due monitors and queues their checks.
   * `false` for `QUARRY_ROLE=api`; any number of processes may run it against one database.
   * @default true
   */
  runScheduler?: boolean;
  /** How often the scheduler looks for due monitors, in milliseconds. @default 5000 */
  schedulerIntervalMs?: number;
  /** Monitors claimed per database statement; a tick claims batches until none are due. @default 500 */
  claimBatchSize?: number;
  /** Check interval of a monitor created without `intervalMinutes`. @default 60 */
  defaultIntervalMinutes?: number;
  /** Each scheduled check moves by a random amount within +/- this share of its interval. @default 0.1 */
  jitterRatio?: number;
  /** Upper bound of that random shift, in milliseconds. @default 900000 (15 min) */
  maxJitterMs?: number;
  /** Monitors one account may have; creating one more is a 409 `monitor_limit_reached`. @default 1000 */
  maxMonitorsPerAccount?: number;
  /** Checks kept per monitor, newest first. @default 1000 */
  checkRetention?: number;
  /** Change events (and notification records) kept per monitor, newest first. @default 1000 */
  eventRetention?: number;
  /** Consecutive failed checks after which a monitor pauses itself and notifies its channels once. @default 10 */
  maxConsecutiveFailures?: number;
  /** Credits per successful check; 0 is free. @default 1 */
  price?: number;
  /** Who pays for checks. @default the app's `Billing` (`AccountsModule` provides one), else `FreeBilling` */
  billing?: Billing;
  /** Budget of one check's scrape, in milliseconds. @default 30000 */
  checkTimeoutMs?: number;
  /** Checks run at once by one worker process. @default 4 */
  checkConcurrency?: number;
  /** `smtp://user:pass@host:port` or `smtps://...`; without it emails are recorded in the database and logged. */
  smtpUrl?: string;
  /** How notification emails leave (your own mail service, say); takes the place of `smtpUrl`. */
  mailTransport?: MailTransport;
  /** The From header of notification emails. @default 'Quarry Monitors <monitors@quarry.localhost>' */
  emailFrom?: string;
  /** Attempts to send one email. @default 5 */
  emailAttempts?: number;
  /** Base delay of the email's exponential backoff (with jitter), in milliseconds. @default 60000 */
  emailBackoffMs?: number;
  /** Attempts to deliver one webhook (as async-scrape callbacks). @default 8 */
  webhookAttempts?: number;
  /** Base delay of the webhook's exponential backoff (with jitter): 30 s spreads 8 attempts over about an hour. @default 30000 */
  webhookBackoffMs?: number;
}

export const MONITOR_DEFAULTS = {
  runScheduler: true,
  schedulerIntervalMs: 5000,
  claimBatchSize: 500,
  defaultIntervalMinutes: 60,
  jitterRatio: 0.1,
  maxJitterMs: 15 * 60 * 1000,
  maxMonitorsPerAccount: 1000,
  checkRetention: 1000,
  eventRetention: 1000,
  maxConsecutiveFailures: 10,
  price: 1,
  checkTimeoutMs: 30_000,
  checkConcurrency: 4,
  emailFrom: 'Quarry Monitors <monitors@quarry.localhost>',
  emailAttempts: 5,
  emailBackoffMs: 60_000,
  webhookAttempts: 8,
  webhookBackoffMs: 30_000,
} satisfies MonitorModuleOptions;

/** The options with their defaults applied; inject with `@Inject(MONITOR_SETTINGS)`. */
export type MonitorSettings = typeof MONITOR_DEFAULTS & MonitorModuleOptions & { billing: Billing };
export const MONITOR_SETTINGS = Symbol('MonitorSettings');

/** Bounds of a monitor's `intervalMinutes` (docs/api.md §6). */
export const MIN_INTERVAL_MINUTES = 5;
export const MAX_INTERVAL_MINUTES = 10080;

const MONITOR_OPTION_RULES: OptionRules<MonitorModuleOptions> = {
  runScheduler: booleanOption,
  schedulerIntervalMs: integerOption(1),
  claimBatchSize: integerOption(1),
  defaultIntervalMinutes: integerOption(MIN_INTERVAL_MINUTES, MAX_INTERVAL_MINUTES),
  jitterRatio: numberOption(0, 0.5),
  maxJitterMs: numberOption(0),
  maxMonitorsPerAccount: integerOption(1),
  checkRetention: integerOption(1),
  eventRetention: integerOption(1),
  maxConsecutiveFailures: integerOption(1),
  price: integerOption(0),
  billing: methodsOption('reserve', 'charge', 'release', 'requireBalance'),
  checkTimeoutMs: integerOption(1),
  checkConcurrency: integerOption(1),
  smtpUrl: stringOption(/^smtps?:\/\/.+/, 'an smtp:// or smtps:// URL'),
  mailTransport: anyOption,
  emailFrom: stringOption(),
  emailAttempts: integerOption(1),
  emailBackoffMs: integerOption(1),
  webhookAttempts: integerOption(1),
  webhookBackoffMs: integerOption(1),
};

/**
 * Applies the defaults and rejects invalid values, so a misconfiguration fails the boot. `billing`
 * stays as given: the module picks it with `billingOf`.
 */
export function resolveMonitorSettings(
  options: MonitorModuleOptions = {},
): SettingsBeforeBilling<MonitorSettings> {
  return resolveOptions('MonitorModule', MONITOR_DEFAULTS, options, MONITOR_OPTION_RULES);
}
