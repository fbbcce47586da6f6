import { randomBytes } from 'node:crypto';
import {
  booleanOption,
  integerOption,
  ModuleOptionsError,
  type OptionRules,
  resolveOptions,
  stringOption,
} from '@quarry/core';

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

const DASHBOARD_DEFAULTS = {
  basePath: '/dashboard',
  sessionTtlMs: 7 * 24 * 60 * 60 * 1000,
  signInFreeFailures: 5,
  signInFreeFailuresPerAddress: 20,
  signInMaxDelayMs: 15 * 60 * 1000,
  signInFailuresKeptMs: 24 * 60 * 60 * 1000,
  signInMaxEntries: 10_000,
  trustProxy: 0,
  secureCookies: false,
} satisfies Omit<DashboardSettings, 'secret'>;

/** How each DashboardModule option is checked at boot. */
const DASHBOARD_OPTION_RULES: OptionRules<DashboardModuleOptions> = {
  basePath: stringOption(/^\//, 'a path starting with "/"'),
  sessionTtlMs: integerOption(1),
  signInFreeFailures: integerOption(1),
  signInFreeFailuresPerAddress: integerOption(1),
  signInMaxDelayMs: integerOption(1),
  signInFailuresKeptMs: integerOption(1),
  signInMaxEntries: integerOption(1),
  trustProxy: integerOption(0),
  secret: stringOption(/^[\s\S]{32,}$/, 'at least 32 characters'),
  secureCookies: booleanOption,
};

/** Defaults applied and every value checked; a value that cannot work fails the boot. */
export function dashboardSettings(options: DashboardModuleOptions): DashboardSettings {
  const settings = resolveOptions(
    'DashboardModule',
    { ...DASHBOARD_DEFAULTS, secret: randomBytes(32).toString('base64url') },
    options,
    DASHBOARD_OPTION_RULES,
  );
  if (settings.signInFailuresKeptMs <= settings.signInMaxDelayMs)
    throw new ModuleOptionsError(
      'DashboardModule: option signInFailuresKeptMs must be longer than signInMaxDelayMs',
    );
  return { ...settings, basePath: settings.basePath.replace(/\/+$/, '') };
}
