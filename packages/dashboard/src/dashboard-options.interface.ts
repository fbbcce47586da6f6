import { randomBytes } from 'node:crypto';

/** Options of `DashboardModule.forRoot`; every one has a default. */
export interface DashboardModuleOptions {
  /**
   * Where the host mounts the module with `RouterModule` (links and redirects are built from it).
   * @default '/dashboard'
   */
  basePath?: string;
  /**
   * How long a session lasts after sign-in.
   * @default 604800000 (7 days)
   */
  sessionTtlMs?: number;
  /**
   * Failed sign-ins of one account answered at once; after them each attempt must wait, 1 second
   * after the next failure and twice as long after each further one, up to `signInMaxDelayMs` (429
   * with `Retry-After`). A browser that signed in to the account before is not held up by them.
   * @default 5
   */
  signInFreeFailures?: number;
  /**
   * The same for failed sign-ins from one client address (any accounts), higher because several
   * people may share one address. It is checked before anything is recorded for the account.
   * @default 20
   */
  signInFreeFailuresPerAddress?: number;
  /** @default 900000 (15 minutes) */
  signInMaxDelayMs?: number;
  /**
   * How long failures are remembered after the last one; longer than `signInMaxDelayMs`, so waiting
   * out the longest delay does not start the count again.
   * @default 86400000 (24 hours)
   */
  signInFailuresKeptMs?: number;
  /**
   * Accounts, addresses and browsers whose failures are kept in memory at most; beyond it the least
   * recently failed are forgotten, so memory stays bounded whatever the attempts.
   * @default 10000
   */
  signInMaxEntries?: number;
  /**
   * Proxies in front of the app that append the client's address to `X-Forwarded-For`: with 1, the
   * last address of the header is the client's. 0 ignores the header and uses the connection's address.
   * @default 0
   */
  trustProxy?: number;
  /**
   * Signs the sign-in form's token and the cookie that remembers a browser's sign-in (HMAC-SHA256),
   * at least 32 characters. Without it each start picks a random one: forms and remembered browsers
   * then last until a restart and hold on one instance only.
   * @default random at each start
   */
  secret?: string;
  /**
   * Marks the cookies `Secure`; set it wherever the dashboard is served over HTTPS.
   * @default false
   */
  secureCookies?: boolean;
}

/** The options with their defaults applied. */
export type DashboardSettings = Required<DashboardModuleOptions>;

export const DASHBOARD_SETTINGS = Symbol('DASHBOARD_SETTINGS');

/** Defaults applied, and a boot error for values that cannot work. */
export function dashboardSettings(options: DashboardModuleOptions): DashboardSettings {
  const settings: DashboardSettings = {
    basePath: (options.basePath ?? '/dashboard').replace(/\/+$/, ''),
    sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 60 * 60 * 1000,
    signInFreeFailures: options.signInFreeFailures ?? 5,
    signInFreeFailuresPerAddress: options.signInFreeFailuresPerAddress ?? 20,
    signInMaxDelayMs: options.signInMaxDelayMs ?? 15 * 60 * 1000,
    signInFailuresKeptMs: options.signInFailuresKeptMs ?? 24 * 60 * 60 * 1000,
    signInMaxEntries: options.signInMaxEntries ?? 10_000,
    trustProxy: options.trustProxy ?? 0,
    secret: options.secret ?? randomBytes(32).toString('base64url'),
    secureCookies: options.secureCookies ?? false,
  };
  if (!settings.basePath.startsWith('/')) throw new Error('DashboardModule: basePath must start with "/".');
  for (const name of [
    'sessionTtlMs',
    'signInFreeFailures',
    'signInFreeFailuresPerAddress',
    'signInMaxDelayMs',
    'signInFailuresKeptMs',
    'signInMaxEntries',
  ] as const) {
    if (!Number.isInteger(settings[name]) || settings[name] < 1)
      throw new Error(`DashboardModule: ${name} must be a positive integer.`);
  }
  if (settings.signInFailuresKeptMs <= settings.signInMaxDelayMs)
    throw new Error('DashboardModule: signInFailuresKeptMs must be longer than signInMaxDelayMs.');
  if (!Number.isInteger(settings.trustProxy) || settings.trustProxy < 0)
    throw new Error('DashboardModule: trustProxy must be an integer of 0 or more.');
  if (typeof settings.secret !== 'string' || settings.secret.length < 32)
    throw new Error('DashboardModule: secret must be at least 32 characters.');
  return settings;
}
