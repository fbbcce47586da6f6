import type { Billing } from '@quarry/core';
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
  /** Who pays for checks. @default the credit ledger of AccountsModule */
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

/** Applies the defaults and rejects invalid values, so a misconfiguration fails the boot. */
export function resolveMonitorSettings(options: MonitorModuleOptions = {}): Omit<MonitorSettings, 'billing'> {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const settings = { ...MONITOR_DEFAULTS, ...defined } as Omit<MonitorSettings, 'billing'>;
  const positiveIntegers = [
    'schedulerIntervalMs',
    'claimBatchSize',
    'maxMonitorsPerAccount',
    'checkRetention',
    'eventRetention',
    'maxConsecutiveFailures',
    'checkTimeoutMs',
    'checkConcurrency',
    'emailAttempts',
    'emailBackoffMs',
    'webhookAttempts',
    'webhookBackoffMs',
  ] as const;
  for (const key of positiveIntegers) {
    if (!Number.isInteger(settings[key]) || settings[key] < 1)
      throw new RangeError(`MonitorModule option ${key} must be an integer >= 1, got ${settings[key]}`);
  }
  if (!Number.isInteger(settings.price) || settings.price < 0)
    throw new RangeError(`MonitorModule option price must be an integer >= 0, got ${settings.price}`);
  const interval = settings.defaultIntervalMinutes;
  if (!Number.isInteger(interval) || interval < MIN_INTERVAL_MINUTES || interval > MAX_INTERVAL_MINUTES) {
    throw new RangeError(
      `MonitorModule option defaultIntervalMinutes must be an integer ${MIN_INTERVAL_MINUTES}..${MAX_INTERVAL_MINUTES}, got ${interval}`,
    );
  }
  if (!(settings.jitterRatio >= 0 && settings.jitterRatio <= 0.5))
    throw new RangeError(`MonitorModule option jitterRatio must be 0..0.5, got ${settings.jitterRatio}`);
  if (!(settings.maxJitterMs >= 0))
    throw new RangeError(`MonitorModule option maxJitterMs must be >= 0, got ${settings.maxJitterMs}`);
  if (typeof settings.runScheduler !== 'boolean')
    throw new TypeError('MonitorModule option runScheduler must be a boolean');
  if (settings.smtpUrl !== undefined && !/^smtps?:\/\/.+/.test(settings.smtpUrl))
    throw new TypeError('MonitorModule option smtpUrl must be an smtp:// or smtps:// URL');
  return settings;
}
