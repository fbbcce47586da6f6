import { InvalidRequestError } from '@quarry/core';
import { isPolicyRejection } from './net.error';

/**
 * Turns a policy rejection of a user-supplied URL into the API's 400 `invalid_request` with
 * `details[field]`; any other error (HOST_NOT_FOUND, ...) comes back unchanged for the caller to map.
 * Usage: `await policy.check(dto.url).catch((e) => { throw asInvalidRequest(e); })`.
 */
export function asInvalidRequest(error: unknown, field = 'url'): unknown {
  if (!isPolicyRejection(error)) return error;
  return new InvalidRequestError(`The ${field} must be a public http(s) URL.`, { [field]: error.message });
}
