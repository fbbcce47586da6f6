import type { HostLookup } from '@quarry/net';

/**
 * Resolves names from the table; every other name fails like an unknown host, so tests never
 * touch real DNS.
 */
export function mappedLookup(table: Record<string, string[]>): HostLookup {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
