import { Injectable, NestMiddleware } from '@nestjs/common';
import type { DashboardRequest, DashboardResponse } from './http-types';

/** Only the module's own script and stylesheet; no page may frame the dashboard. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'";

/**
 * Sets `X-Frame-Options: DENY` and the content security policy on every answer under the
 * dashboard's path: pages, redirects, assets, and the host's own answers there (an unknown route's
 * JSON 404, a path that is not valid percent-encoding).
 */
@Injectable()
export class FramingHeadersMiddleware implements NestMiddleware {
  use(_request: DashboardRequest, response: DashboardResponse, next: () => void): void {
    response.setHeader('x-frame-options', 'DENY');
    response.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
    next();
  }
}
