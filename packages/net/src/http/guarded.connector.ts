import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import { NetError } from '../errors/net.error';
import { effectivePort, type PublicUrlPolicy } from '../policy/public-url.policy';

/**
 * An undici connector that dials only addresses the policy accepted in the same lookup, so no
 * DNS answer can change between check and connect. Node skips `lookup` for IP literals, so those
 * are checked here before dialling; allow-listed host:port pairs connect without address checks.
 */
export function createGuardedConnector(policy: PublicUrlPolicy): buildConnector.connector {
  const guarded = buildConnector({ lookup: netLookup((hostname) => policy.resolvePublic(hostname)) });
  const open = buildConnector({ lookup: netLookup((hostname) => policy.resolve(hostname)) });
  return (options, callback) => {
    if (policy.isAllowed(options.hostname, effectivePort(options.protocol, options.port)))
      return open(options, callback);
    if (isIP(options.hostname) !== 0) {
      try {
        policy.assertPublicAddress(options.hostname);
      } catch (error) {
        // undici expects the callback after connect() returns, as with a real socket.
        return process.nextTick(callback, error as Error, null);
      }
    }
    return guarded(options, callback);
  };
}

function netLookup(resolve: (hostname: string) => Promise<LookupAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const addresses = options.family
          ? resolved.filter(({ family }) => family === options.family)
          : resolved;
        if (addresses.length === 0) {
          return callback(
            new NetError('HOST_NOT_FOUND', `${hostname} has no IPv${options.family} address.`),
            '',
          );
        }
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}
