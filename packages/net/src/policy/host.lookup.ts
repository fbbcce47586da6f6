import { lookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';

/** Resolves a host name to every address it has; injectable so tests can point names anywhere. */
export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

const lookupAll = promisify(lookup);

export const systemLookup: HostLookup = (hostname) => lookupAll(hostname, { all: true });
