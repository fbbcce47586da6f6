import type { SafeHtml } from './html';
import type { DashboardResponse } from './http-types';

/** Pages are never cached: they show keys and balances. Framing headers: `FramingHeadersMiddleware`. */
export function sendHtml(response: DashboardResponse, status: number, page: SafeHtml): void {
  response.statusCode = status;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(page.value);
}

/** Post-redirect-get: 303, so a reload never posts again. */
export function redirect(response: DashboardResponse, location: string, cookies: string[] = []): void {
  response.statusCode = 303;
  if (cookies.length) response.setHeader('set-cookie', cookies);
  response.setHeader('location', location);
  response.end();
}
