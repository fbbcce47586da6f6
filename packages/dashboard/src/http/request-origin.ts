import type { TLSSocket } from 'node:tls';
import type { DashboardRequest } from './http-types';

/**
 * The origin the browser reached the dashboard at, for examples to copy: https when the connection
 * is TLS or the dashboard's cookies are `Secure` (TLS ends at a proxy), else http.
 */
export function requestOrigin(request: DashboardRequest, secureCookies: boolean): string {
  const secure = secureCookies || (request.socket as TLSSocket).encrypted === true;
  return `${secure ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`;
}
