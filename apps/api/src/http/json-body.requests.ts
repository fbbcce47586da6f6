import type { IncomingMessage } from 'node:http';

/** The methods whose bodies the API reads; a GET or DELETE body has no meaning (RFC 9110) and is ignored. */
export const METHODS_WITH_BODY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** Whether the JSON body parser reads this request: a method that carries a body, sent as JSON. */
export function isJsonBodyRequest(
  request: IncomingMessage & { is?(type: string): string | false | null },
): boolean {
  return METHODS_WITH_BODY.has(request.method ?? '') && Boolean(request.is?.('application/json'));
}
