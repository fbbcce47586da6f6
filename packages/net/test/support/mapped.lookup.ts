import type { HostLookup } from '../../src';
import { systemLookup } from '../../src/policy/host.lookup';

/** Resolves the listed names from the table and everything else with the system resolver. */
export function mappedLookup(table: Record<string, string[]>): HostLookup {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) return systemLookup(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
