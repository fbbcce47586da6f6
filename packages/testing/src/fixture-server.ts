import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface FixtureResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Wait this long before answering. */
  delayMs?: number;
}

export type FixtureRoute = FixtureResponse | ((request: IncomingMessage, body: Buffer) => FixtureResponse | Promise<FixtureResponse>);

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`, for an allow-list. */
  hostPort: string;
  /** Requests seen for `path` (without query), or in all when no path is given. */
  hits(path?: string): number;
  /** Adds or replaces the answer for `path`. */
  route(path: string, route: FixtureRoute): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 answering fixed routes, counting every request: the origin of
 * fixture pages, a callback receiver, or a canary that must never be hit. Unknown paths are 404.
 */
export async function startFixtureServer(routes: Record<string, FixtureRoute> = {}): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const counts = new Map<string, number>();
  let total = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = (request.url ?? '/').split('?')[0];
      total += 1;
      counts.set(path, (counts.get(path) ?? 0) + 1);
      const route = table.get(path);
      try {
        const answer: FixtureResponse = route === undefined ? { status: 404, body: 'not found' } : typeof route === 'function' ? await route(request, Buffer.concat(chunks)) : route;
        if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
        response.end(answer.body ?? '');
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    hits: (path) => (path === undefined ? total : (counts.get(path) ?? 0)),
    route: (path, route) => void table.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
