import { createHash } from 'node:crypto';

/** The part of the response the blog routes write to; Node's and Express's responses both have it. */
export interface JsonResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
}

/**
 * Sends `body` as JSON with a strong `ETag` (a hash of the bytes) and `Cache-Control`, or an
 * empty 304 when `If-None-Match` names that tag (or is `*`), so readers and CDNs revalidate cheaply.
 */
export function sendConditionalJson(
  ifNoneMatch: string | undefined,
  response: JsonResponse,
  body: unknown,
  maxAgeSeconds: number,
): void {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  response.setHeader('ETag', etag);
  response.setHeader('Cache-Control', `public, max-age=${maxAgeSeconds}`);
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, etag)) {
    response.statusCode = 304;
    response.end();
    return;
  }
  response.statusCode = 200;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.end(json);
}

/** RFC 9110 §13.1.2: a weak comparison against each listed tag. */
function matches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
