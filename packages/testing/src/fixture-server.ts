import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';

export interface FixtureResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Wait this long before answering. */
  delayMs?: number;
}

/** Computes the answer from the request and its whole body. */
export type FixtureResponder = (
  request: IncomingMessage,
  body: Buffer,
) => FixtureResponse | Promise<FixtureResponse>;

/** Writes the answer itself, called as soon as the request arrives (its body not yet read). */
export interface FixtureHandlerRoute {
  handle: (request: IncomingMessage, response: ServerResponse) => void;
}

export type FixtureRoute = FixtureResponse | FixtureResponder | FixtureHandlerRoute;

export interface FixtureServerOptions {
  /** `127.0.0.1` unless given; `'::'` listens dual-stack on every local address (a canary). */
  host?: string;
  /** Serves HTTPS with the self-signed `localhost` certificate in `packages/testing/fixtures`. */
  tls?: boolean;
  /** Completes WebSocket handshakes; otherwise an upgrade is counted as a request and cut. */
  acceptWebSockets?: boolean;
}

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` (`https://` with `tls`). */
  origin: string;
  /** `127.0.0.1:<port>`, for an allow-list. */
  hostPort: string;
  port: number;
  /** TCP connections accepted: a request refused by policy must never open one. */
  readonly connections: number;
  /** HTTP requests and upgrade attempts seen, the same as `hits()`. */
  readonly requests: number;
  /** `origin` followed by `path` (default `/`). */
  url(path?: string): string;
  /** Requests seen for `path` (without query), or in all when no path is given. */
  hits(path?: string): number;
  /** Adds or replaces the answer for `path` (`'*'` answers every path without a route of its own). */
  route(path: string, route: FixtureRoute): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server answering fixed routes and counting every TCP connection and request: the
 * origin of fixture pages, a callback receiver, or — listening on `'::'` — a canary that must
 * never be reached. Routes are keyed by path; `'*'` catches the rest; unknown paths are 404.
 * A function instead of routes handles every request itself, like a plain `node:http` listener.
 */
export async function startFixtureServer(
  routes: Record<string, FixtureRoute> | RequestListener = {},
  options: FixtureServerOptions = {},
): Promise<FixtureServer> {
  const table = new Map<string, FixtureRoute>(
    typeof routes === 'function' ? [['*', { handle: routes }]] : Object.entries(routes),
  );
  const counts = new Map<string, number>();
  let total = 0;
  let connections = 0;
  const sockets = new Set<Socket>();
  const seen = (request: IncomingMessage): string => {
    const path = pathOf(request.url);
    total += 1;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    return path;
  };

  const listener: RequestListener = (request, response) => {
    const path = seen(request);
    const route = table.get(path) ?? table.get('*');
    if (isHandler(route)) {
      try {
        return route.handle(request, response);
      } catch (error) {
        if (!response.headersSent) response.writeHead(500);
        return void response.end(String(error));
      }
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    const respond = async (): Promise<void> => {
      try {
        const answer: FixtureResponse =
          route === undefined
            ? { status: 404, body: 'not found' }
            : typeof route === 'function'
              ? await route(request, Buffer.concat(chunks))
              : route;
        if (answer.delayMs) await delayUnlessGone(answer.delayMs, response);
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 200, {
          'content-type': 'text/html; charset=utf-8',
          ...answer.headers,
        });
        response.end(answer.body ?? '');
      } catch (error) {
        if (!response.headersSent) response.writeHead(500);
        response.end(String(error));
      }
    };
    // respond answers its own errors with a 500, so nothing is left to await.
    request.on('end', () => void respond());
  };

  const server: Server = options.tls
    ? createTlsServer(
        { key: readFixture('self-signed.key.pem'), cert: readFixture('self-signed.cert.pem') },
        listener,
      )
    : createServer(listener);
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request: IncomingMessage, socket: Socket) => {
    seen(request);
    if (!options.acceptWebSockets) return void socket.destroy();
    const accept = createHash('sha1')
      .update(`${request.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
  });

  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: options.host ?? '127.0.0.1', ipv6Only: false }, resolve),
  );
  const { port } = server.address() as AddressInfo;
  const origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    port,
    get connections() {
      return connections;
    },
    get requests() {
      return total;
    },
    url: (path = '/') => `${origin}${path}`,
    hits: (path) => (path === undefined ? total : (counts.get(path) ?? 0)),
    route: (path, route) => void table.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An HTML page (status 200 unless given). */
export function html(body: string, status = 200): FixtureResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

/** A redirect to `location` (302 unless given). */
export function redirect(location: string, status = 302): FixtureResponse {
  return { status, headers: { location } };
}

/** A port on 127.0.0.1 nothing listens on (bound, then released): connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function isHandler(route: FixtureRoute | undefined): route is FixtureHandlerRoute {
  return typeof route === 'object' && typeof (route as Partial<FixtureHandlerRoute>).handle === 'function';
}

/** The path without query; an absolute-form target (as a proxy sends it) is reduced to its path. */
function pathOf(target = '/'): string {
  if (target.startsWith('/')) return target.split('?')[0];
  try {
    return new URL(target).pathname;
  } catch {
    return target.split('?')[0];
  }
}

function readFixture(name: string): Buffer {
  return readFileSync(join(__dirname, '..', 'fixtures', name));
}

/** Waits `ms` before answering, or less when the client hangs up first: nothing waits for nobody. */
function delayUnlessGone(ms: number, response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      response.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    response.once('close', done);
  });
}
