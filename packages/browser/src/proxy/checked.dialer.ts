import { connect, isIP, type Socket } from 'node:net';
import type { PublicUrlPolicy } from '@quarry/net';

/**
 * Opens a TCP connection to `hostname:port` only through addresses the policy accepted, and
 * dials those addresses themselves (never the name), so what is dialled is what was checked.
 * `hostname` is URL-canonical (IPv6 in brackets); an allow-listed host:port skips the address rules.
 */
export async function dialChecked(
  policy: PublicUrlPolicy,
  hostname: string,
  port: number,
  connectTimeoutMs: number,
): Promise<Socket> {
  const addresses = await checkedAddresses(policy, hostname.replace(/^\[(.*)\]$/, '$1'), port);
  let lastError: unknown;
  for (const address of addresses) {
    try {
      return await connectTo(address, port, connectTimeoutMs);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function checkedAddresses(policy: PublicUrlPolicy, host: string, port: number): Promise<string[]> {
  if (policy.isAllowed(host, port)) {
    if (isIP(host) !== 0) return [host];
    return (await policy.resolve(host)).map(({ address }) => address);
  }
  if (isIP(host) !== 0) {
    policy.assertPublicAddress(host);
    return [host];
  }
  return (await policy.resolvePublic(host)).map(({ address }) => address);
}

function connectTo(address: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () =>
      fail(Object.assign(new Error(`connect ETIMEDOUT ${address}:${port}`), { code: 'ETIMEDOUT' })),
    );
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      resolve(socket);
    });
  });
}
