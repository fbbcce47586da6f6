import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AppConfig } from '../config/app-config';

/** How often the server looks for connections past their header or request deadline (Node's default is 30 s). */
const CHECK_INTERVAL_MS = 1_000;

/**
 * Bounds what a slow or idle client can hold: a new connection must send its headers within the headers timeout, the
 * whole request within the request timeout (else 408 and the connection closes), and an idle
 * keep-alive connection closes after the keep-alive timeout. Responses are not bounded here: a
 * scrape may take as long as its `timeoutMs`.
 */
export function applyConnectionTimeouts(server: Server, config: AppConfig): void {
  server.headersTimeout = config.httpHeadersTimeoutMs;
  server.requestTimeout = config.httpRequestTimeoutMs;
  server.keepAliveTimeout = config.httpKeepAliveTimeoutMs;
  // A constructor option in Node's typings, read again when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    CHECK_INTERVAL_MS;
  // Node's header deadline starts with the first byte: a connection that sends nothing needs its own.
  server.on('connection', (socket: Socket) => socket.setTimeout(config.httpHeadersTimeoutMs));
  server.on('request', (request: IncomingMessage) => request.socket.setTimeout(0));
}
