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
   * Sign-in attempts allowed per email in `signInWindowMs`; more answer 429.
   * @default 5
   */
  signInAttempts?: number;
  /**
   * Sign-in attempts allowed per client address in `signInWindowMs`, higher than per email because
   * several people may share one address.
   * @default 20
   */
  signInAttemptsPerAddress?: number;
  /** @default 900000 (15 minutes) */
  signInWindowMs?: number;
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
    signInAttempts: options.signInAttempts ?? 5,
    signInAttemptsPerAddress: options.signInAttemptsPerAddress ?? 20,
    signInWindowMs: options.signInWindowMs ?? 15 * 60 * 1000,
    secureCookies: options.secureCookies ?? false,
  };
  if (!settings.basePath.startsWith('/')) throw new Error('DashboardModule: basePath must start with "/".');
  for (const name of [
    'sessionTtlMs',
    'signInAttempts',
    'signInAttemptsPerAddress',
    'signInWindowMs',
  ] as const) {
    if (!Number.isInteger(settings[name]) || settings[name] < 1)
      throw new Error(`DashboardModule: ${name} must be a positive integer.`);
  }
  return settings;
}
