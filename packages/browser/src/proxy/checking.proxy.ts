import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { PublicUrlPolicy } from '@quarry/net';
import { dialChecked } from './checked.dialer';
import { verdictOf } from './net-error.names';
import { ProxyJournal, REFUSAL_HEADER, targetKey, type ProxyVerdict } from './proxy.journal';

export interface CheckingProxyOptions {
  /** Address to listen on. @default '127.0.0.1' */
  host?: string;
  /** Address the browser uses to reach the proxy. @default host */
  advertisedHost?: string;
  /** Per-address TCP connect timeout. @default 10000 */
  connectTimeoutMs?: number;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * A forward proxy for the browser that lets through only what the public-URL policy accepts:
 * CONNECT tunnels (https, wss) and absolute-URI HTTP requests. It resolves and checks the target
 * itself and dials the checked address, so no DNS answer can change between check and connect.
 */
export class CheckingProxy {
  private currentJournal = new ProxyJournal();
  private listening?: Promise<void>;
  private readonly server: Server;
  private readonly sockets = new Set<Duplex>();
  private readonly connectTimeoutMs: number;

  constructor(
    private readonly policy: PublicUrlPolicy,
    private readonly options: CheckingProxyOptions = {},
  ) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.server = createServer();
    this.server.on('connection', (socket: Socket) => this.track(socket));
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) => void this.forward(req, res));
    this.server.on(
      'connect',
      (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.tunnel(req, socket, head),
    );
    this.server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => socket.destroy());
    this.server.on('clientError', (_error: Error, socket: Duplex) => socket.destroy());
  }

  listen(): Promise<void> {
    this.listening ??= new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port: 0, host: this.options.host ?? '127.0.0.1' }, () => {
        this.server.removeListener('error', reject);
        resolve();
      });
    });
    return this.listening;
  }

  /** What the proxy refused since the last `startJournal` (or since it was created). */
  get journal(): ProxyJournal {
    return this.currentJournal;
  }

  /** Starts a new journal, for the next job behind this proxy. */
  startJournal(): ProxyJournal {
    this.currentJournal = new ProxyJournal();
    return this.currentJournal;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The proxy as the browser's `--proxy-server` / context `proxyServer` value. */
  get url(): string {
    const host = this.options.advertisedHost ?? this.options.host ?? '127.0.0.1';
    return `http://${host.includes(':') ? `[${host}]` : host}:${this.port}`;
  }

  /** Stops listening (once `listen` has finished, if it is under way) and cuts every open tunnel and request, both sides. */
  async close(): Promise<void> {
    await this.listening?.catch(() => undefined);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => {
      if (!this.server.listening) return resolve();
      this.server.close(() => resolve());
    });
  }

  private async tunnel(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    client.on('error', () => client.destroy());
    const target = parseAuthority(req.url ?? '');
    if (!target) return void client.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    let upstream: Socket;
    try {
      upstream = await this.dial(target.hostname, target.port);
    } catch (error) {
      const verdict = this.refuse(target.hostname, target.port, error);
      const [status, reason] = verdict === 'BLOCKED' ? [403, 'Forbidden'] : [502, 'Bad Gateway'];
      return void client.end(
        `HTTP/1.1 ${status} ${reason}\r\n${REFUSAL_HEADER}: ${this.journal.refusalHeaderValue(verdict)}\r\n` +
          'Content-Length: 0\r\nConnection: close\r\n\r\n',
      );
    }
    if (client.destroyed) return void upstream.destroy();
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.pipe(client);
    client.pipe(upstream);
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = parseAbsoluteHttpUrl(req.url ?? '');
    if (!target) return void res.writeHead(400, { connection: 'close' }).end();
    let upstream: Socket;
    try {
      upstream = await this.dial(target.hostname, target.port);
    } catch (error) {
      const verdict = this.refuse(target.hostname, target.port, error);
      return void res
        .writeHead(verdict === 'BLOCKED' ? 403 : 502, {
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'close',
          [REFUSAL_HEADER]: this.journal.refusalHeaderValue(verdict),
        })
        .end(verdict === 'BLOCKED' ? 'Blocked: not a public address.\n' : `${verdict}\n`);
    }
    const outgoing = request({
      method: req.method,
      path: target.path,
      // RFC 9112 §3.2.2: the absolute-form target, not the received Host header, names the origin.
      headers: ['host', target.host, ...withoutHopByHop(req.rawHeaders, ['host']), 'connection', 'close'],
      setHost: false,
      createConnection: () => upstream,
    });
    outgoing.on('response', (incoming) => {
      res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, withoutHopByHop(incoming.rawHeaders));
      incoming.on('error', () => res.destroy());
      incoming.pipe(res);
    });
    outgoing.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { connection: 'close' }).end();
    });
    res.on('close', () => outgoing.destroy());
    req.pipe(outgoing);
  }

  private async dial(hostname: string, port: number): Promise<Socket> {
    const socket = await dialChecked(this.policy, hostname, port, this.connectTimeoutMs);
    this.track(socket);
    return socket;
  }

  private refuse(hostname: string, port: number, error: unknown): ProxyVerdict {
    const verdict = verdictOf(error);
    this.journal.record(targetKey(hostname, port), verdict);
    return verdict;
  }

  private track(socket: Duplex): void {
    if (this.sockets.has(socket)) return;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}

interface ProxyTarget {
  hostname: string;
  /** `hostname[:port]` as a Host header gives it. */
  host: string;
  port: number;
  path: string;
}

/** `host:port` of a CONNECT request; hostname URL-canonical (IPv4 forms normalised, IPv6 bracketed). */
function parseAuthority(authority: string): ProxyTarget | undefined {
  if (!/^[^/?#@\\\s]+:\d{1,5}$/.test(authority) || !URL.canParse(`http://${authority}`)) return undefined;
  const parsed = new URL(`http://${authority}`);
  return { hostname: parsed.hostname, host: parsed.host, port: Number(parsed.port) || 80, path: '' };
}

function parseAbsoluteHttpUrl(raw: string): ProxyTarget | undefined {
  if (!raw.startsWith('http://') || !URL.canParse(raw)) return undefined;
  const parsed = new URL(raw);
  if (parsed.username || parsed.password) return undefined;
  return {
    hostname: parsed.hostname,
    host: parsed.host,
    port: Number(parsed.port) || 80,
    path: `${parsed.pathname}${parsed.search}`,
  };
}

function withoutHopByHop(rawHeaders: string[], alsoDrop: string[] = []): string[] {
  const named = new Set([...HOP_BY_HOP, ...alsoDrop]);
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() === 'connection') {
      for (const name of rawHeaders[i + 1].split(',')) named.add(name.trim().toLowerCase());
    }
  }
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!named.has(rawHeaders[i].toLowerCase())) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return kept;
}
