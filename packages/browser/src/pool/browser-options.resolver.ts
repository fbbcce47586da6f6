import { integerOption, type OptionRules, resolveOptions, stringOption } from '@quarry/core';
import { BROWSER_DEFAULTS, type BrowserPoolOptions } from '../browser-options.interface';
import { extraArgsOption } from './launch.args';

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

/** How each BrowserModule (and BrowserPool) option is checked. */
const BROWSER_OPTION_RULES: OptionRules<BrowserPoolOptions> = {
  chromiumPath: stringOption(),
  wsEndpoint: stringOption(/^wss?:\/\//, 'a ws:// or wss:// URL'),
  maxPages: integerOption(1),
  maxQueue: integerOption(0),
  jobsPerBrowser: integerOption(1),
  jobsPerContext: integerOption(1),
  launchTimeoutMs: integerOption(1),
  extraArgs: extraArgsOption,
  defaultTimeoutMs: integerOption(1),
  proxyHost: stringOption(),
  proxyAdvertisedHost: stringOption(),
};

/** Defaults applied and every value checked by `resolveOptions`; an invalid one fails the boot. */
export function resolveBrowserOptions(options: BrowserPoolOptions = {}): ResolvedBrowserOptions {
  const resolved = resolveOptions('BrowserModule', BROWSER_DEFAULTS, options, BROWSER_OPTION_RULES);
  return {
    ...resolved,
    extraArgs: [...(resolved.extraArgs ?? [])],
    proxyAdvertisedHost: resolved.proxyAdvertisedHost ?? resolved.proxyHost,
  };
}
