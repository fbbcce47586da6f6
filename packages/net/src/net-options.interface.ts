import type { HostLookup } from './policy/host.lookup';

/** NetModule options; validated when the module boots. */
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
