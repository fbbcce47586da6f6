import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'quarry_session';
/**
 * A random value before there is a session; the sign-in form's token is its HMAC. With secure
 * cookies its name has the `__Host-` prefix, so no other host (a sibling subdomain) can set it.
 */
export const preSessionCookie = (secure: boolean) =>
  secure ? '__Host-quarry_presession' : 'quarry_presession';
/** Remembers that this browser signed in to an account: `<browser id>.<HMAC of the account's email and the id>`. */
export const BROWSER_COOKIE = 'quarry_browser';

/** The cookie's value; undefined when it is absent or not valid percent-encoding (a forged or broken cookie). */
export function readCookie(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodedOrUndefined(value.join('='));
  }
  return undefined;
}

function decodedOrUndefined(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** HttpOnly and SameSite=Lax always; `maxAgeSeconds` 0 deletes the cookie. */
export function cookieHeader(
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; secure: boolean },
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
