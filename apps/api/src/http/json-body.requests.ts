import type { IncomingMessage } from 'node:http';

/** The methods whose bodies the API reads; a GET or DELETE body has no meaning (RFC 9110) and is ignored. */
export const METHODS_WITH_BODY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Whether the JSON body parser reads this request: a method that carries a body, sent with the
 * media type `application/json` (any case, any parameters). Read off the header directly: this
 * runs on every request.
 */
export function isJsonBodyRequest(request: IncomingMessage): boolean {
  const contentType = request.headers['content-type'];
  if (contentType === undefined || !METHODS_WITH_BODY.has(request.method ?? '')) return false;
  const end = contentType.indexOf(';');
  return (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase() === 'application/json';
}
