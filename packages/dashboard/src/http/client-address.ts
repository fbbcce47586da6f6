import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The client's address. Behind `trustProxy` proxies, each appending the address it was reached
 * from to `X-Forwarded-For`, it is the one the farthest of them appended; an entry that is not an
 * IP address, or no header, falls back to the connection's address. With 0 the header is ignored:
 * any client could write it.
 */
export function clientAddress(request: IncomingMessage, trustProxy: number): string {
  const connection = request.socket.remoteAddress ?? '';
  if (trustProxy === 0) return connection;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const client = forwarded[Math.max(0, forwarded.length - trustProxy)];
  return client && isIP(client) ? client : connection;
}
