import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FixtureRoutes = Record<string, (req: IncomingMessage, res: ServerResponse) => void>;

/** A real HTTP server on a free port that counts what reaches it. */
export interface FixtureServer {
  readonly port: number;
  /** TCP connections accepted (a refused-by-policy request must never open one). */
  readonly connections: number;
  /** HTTP requests and upgrade attempts seen. */
  readonly requests: number;
  url(path?: string): string;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1, or dual-stack on every local address with `host: '::'` (the canary).
 * Answers WebSocket handshakes with `acceptWebSockets`; otherwise an upgrade is counted and cut.
 */
export function startFixtureServer(
  routes: FixtureRoutes,
  options: { host?: string; acceptWebSockets?: boolean } = {},
): Promise<FixtureServer> {
  let connections = 0;
  let requests = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    requests += 1;
    const route = routes[new URL(req.url ?? '/', 'http://fixture').pathname] ?? routes['*'];
    if (route) return route(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    requests += 1;
    if (!options.acceptWebSockets) return void socket.destroy();
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
  });
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve) => {
    server.listen({ port: 0, host, ipv6Only: false }, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        get connections() {
          return connections;
        },
        get requests() {
          return requests;
        },
        url: (path = '/') => `http://127.0.0.1:${port}${path}`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

export function html(body: string, status = 200) {
  return (_req: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}

export function redirect(location: string, status = 302) {
  return (_req: IncomingMessage, res: ServerResponse) => res.writeHead(status, { location }).end();
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
