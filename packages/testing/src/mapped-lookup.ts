/** One resolved address, shaped like `node:dns` `LookupAddress`. */
export interface MappedAddress {
  address: string;
  family: number;
}

/** A host-name resolver, structurally the `HostLookup` that `@quarry/net` accepts. */
export type MappedLookup = (hostname: string) => Promise<MappedAddress[]>;

/**
 * Resolves the names in `table` to their listed addresses (an empty list resolves to nothing).
 * Every other name goes to `fallback` when one is given, and otherwise fails like an unknown host
 * (`ENOTFOUND`), so a test never touches real DNS by accident.
 */
export function mappedLookup(table: Record<string, string[]>, fallback?: MappedLookup): MappedLookup {
  return async (hostname) => {
    const addresses = Object.hasOwn(table, hostname) ? table[hostname] : undefined;
    if (!addresses) {
      if (fallback) return fallback(hostname);
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
