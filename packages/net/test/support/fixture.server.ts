import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** A real HTTP server on a free port that counts the TCP connections it accepts. */
export interface FixtureServer {
  readonly port: number;
  readonly connections: number;
  url(path?: string): string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1; `host: '::'` listens dual-stack on every local address (for the canary). */
export function startFixtureServer(
  handler: RequestListener,
  options: { host?: string; tls?: boolean } = {},
): Promise<FixtureServer> {
  const server: Server = options.tls
    ? createTlsServer(
        { key: readFixture('self-signed.key.pem'), cert: readFixture('self-signed.cert.pem') },
        handler,
      )
    : createServer(handler);
  let connections = 0;
  server.on('connection', () => (connections += 1));
  const host = options.host ?? '127.0.0.1';
  const scheme = options.tls ? 'https' : 'http';
  return new Promise((resolve) => {
    server.listen({ port: 0, host, ipv6Only: false }, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        get connections() {
          return connections;
        },
        url: (path = '/') => `${scheme}://127.0.0.1:${port}${path}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function readFixture(name: string): Buffer {
  return readFileSync(join(__dirname, '..', 'fixtures', name));
}
