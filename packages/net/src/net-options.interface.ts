import { integerOption, type OptionRules, stringOption } from '@quarry/core';
import type { HostLookup } from './policy/host.lookup';

/** NetModule options; every value is checked when the module boots. */
export interface NetModuleOptions {
  /** `host:port` pairs exempt from the public-address rules, e.g. `127.0.0.1:4000`. @default [] */
  allowHosts?: string[];
  /** @default 'Quarry/0.1 (+https://github.com/quarry)' */
  userAgent?: string;
  /** Response body cap in bytes, after decompression. @default 10485760 (10 MiB) */
  maxBodyBytes?: number;
  /** Whole-request deadline when a request sets none. @default 30000 */
  defaultTimeoutMs?: number;
  /** Resolves host names; tests point names at fixture addresses. @default dns.lookup (all addresses) */
  lookup?: HostLookup;
}

/** How each NetModule option is checked at boot; the defaults are the policy's and the client's own. */
export const NET_OPTION_RULES: OptionRules<NetModuleOptions> = {
  allowHosts: (value) =>
    Array.isArray(value) && value.every((entry) => typeof entry === 'string')
      ? undefined
      : 'an array of host:port strings',
  userAgent: stringOption(),
  maxBodyBytes: integerOption(1),
  defaultTimeoutMs: integerOption(1),
  lookup: (value) => (typeof value === 'function' ? undefined : 'a function'),
};
