import { BROWSER_DEFAULTS, type BrowserPoolOptions } from '../browser-options.interface';
import { assertExtraArgs } from './launch.args';

export interface ResolvedBrowserOptions {
  chromiumPath?: string;
  wsEndpoint?: string;
  maxPages: number;
  maxQueue: number;
  jobsPerBrowser: number;
  jobsPerContext: number;
  launchTimeoutMs: number;
  extraArgs: string[];
  defaultTimeoutMs: number;
  proxyHost: string;
  proxyAdvertisedHost: string;
}

/** Defaults applied and every value checked; throws on the first invalid one so boot fails. */
export function resolveBrowserOptions(options: BrowserPoolOptions = {}): ResolvedBrowserOptions {
  const resolved: ResolvedBrowserOptions = {
    chromiumPath: options.chromiumPath || undefined,
    wsEndpoint: options.wsEndpoint || undefined,
    maxPages: options.maxPages ?? BROWSER_DEFAULTS.maxPages,
    maxQueue: options.maxQueue ?? BROWSER_DEFAULTS.maxQueue,
    jobsPerBrowser: options.jobsPerBrowser ?? BROWSER_DEFAULTS.jobsPerBrowser,
    jobsPerContext: options.jobsPerContext ?? BROWSER_DEFAULTS.jobsPerContext,
    launchTimeoutMs: options.launchTimeoutMs ?? BROWSER_DEFAULTS.launchTimeoutMs,
    extraArgs: [...(options.extraArgs ?? [])],
    defaultTimeoutMs: options.defaultTimeoutMs ?? BROWSER_DEFAULTS.defaultTimeoutMs,
    proxyHost: options.proxyHost ?? BROWSER_DEFAULTS.proxyHost,
    proxyAdvertisedHost: options.proxyAdvertisedHost ?? options.proxyHost ?? BROWSER_DEFAULTS.proxyHost,
  };
  requireInteger('maxPages', resolved.maxPages, 1);
  requireInteger('maxQueue', resolved.maxQueue, 0);
  requireInteger('jobsPerBrowser', resolved.jobsPerBrowser, 1);
  requireInteger('jobsPerContext', resolved.jobsPerContext, 1);
  requireInteger('launchTimeoutMs', resolved.launchTimeoutMs, 1);
  requireInteger('defaultTimeoutMs', resolved.defaultTimeoutMs, 1);
  if (resolved.wsEndpoint && !/^wss?:\/\//.test(resolved.wsEndpoint)) {
    throw new Error(`wsEndpoint must be a ws:// or wss:// URL, got "${resolved.wsEndpoint}".`);
  }
  assertExtraArgs(resolved.extraArgs);
  return resolved;
}

function requireInteger(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got ${String(value)}.`);
  }
}
