import { createReadStream, statSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { startFixtureServer } from '../fixture-server';

/** One request a stand-in received, body included, for tests to assert on. */
export interface StandInRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running stand-in for one platform: point the platform's origin at `origin`. */
export interface PlatformStandIn {
  /** `http://127.0.0.1:<port>`: the value for this platform in `QUARRY_VIDEO_ORIGINS`. */
  origin: string;
  /** `127.0.0.1:<port>`. */
  hostPort: string;
  /** Every request received so far, oldest first. */
  readonly requests: StandInRequest[];
  /** TCP connections accepted. */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * Media a stand-in serves for a video: a file on disk (streamed, with its length), a redirect (to
 * test that a redirect into a private network is refused), or a body that trickles in one byte
 * every `trickleEveryMs` and never ends (a host slow enough to hold a download for good).
 */
export type StandInMedia =
  { file: string; contentType?: string } | { redirectTo: string } | { trickleEveryMs: number };

// What a trickling body claims to be: far more than it ever sends.
const TRICKLE_CLAIMED_BYTES = 64 * 1024 * 1024;

export type StandInHandler = (request: StandInRequest, response: ServerResponse) => void;

/** A fixture server on 127.0.0.1 that reads each request whole, records it and hands it to `handle`. */
export async function startStandIn(handle: StandInHandler): Promise<PlatformStandIn> {
  const requests: StandInRequest[] = [];
  const server = await startFixtureServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in');
      const request: StandInRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      try {
        handle(request, response);
      } catch (error) {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    });
  });
  return {
    origin: server.origin,
    hostPort: server.hostPort,
    requests,
    get connections() {
      return server.connections;
    },
    close: () => server.close(),
  };
}

export function sendHtml(
  response: ServerResponse,
  html: string,
  status = 200,
  headers: Record<string, string | string[]> = {},
) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(html);
}

export function sendJson(response: ServerResponse, value: unknown, status = 200) {
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(value));
}

export function sendRedirect(response: ServerResponse, location: string, status = 302) {
  response.writeHead(status, { location, 'content-type': 'text/html; charset=utf-8' }).end();
}

/** Streams the media file (never read whole), redirects where the test says, or trickles. */
export function sendMedia(response: ServerResponse, media: StandInMedia) {
  if ('redirectTo' in media) return sendRedirect(response, media.redirectTo);
  if ('trickleEveryMs' in media) return trickle(response, media.trickleEveryMs);
  response.writeHead(200, {
    'content-type': media.contentType ?? 'video/mp4',
    'content-length': String(statSync(media.file).size),
    'accept-ranges': 'bytes',
  });
  createReadStream(media.file).pipe(response);
}

function trickle(response: ServerResponse, everyMs: number) {
  response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(TRICKLE_CLAIMED_BYTES) });
  const timer = setInterval(() => response.write(Buffer.alloc(1)), everyMs);
  response.on('close', () => clearInterval(timer));
}

/** JSON for an inline `<script>`: `<` escaped so no string in it can close the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function escapeHtml(text: string): string {
  return escapeXml(text).replace(/'/g, '&#39;');
}
