import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'quarry_session';
/** Carries the sign-in form's CSRF token before there is a session (double submit). */
export const SIGN_IN_CSRF_COOKIE = 'quarry_signin_csrf';

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
