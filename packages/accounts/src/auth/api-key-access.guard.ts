import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RequestLog, REQUEST_LOG_URL_LENGTH } from '../domain/request-log';
import { ApiKeyThrottlerGuard } from '../rate-limit/api-key-throttler.guard';
import { chargedOperation } from '@quarry/http';
import { ApiKeyGuard } from './api-key.guard';
import type { AuthenticatedRequest } from './authenticated-request';

interface RoutedRequest extends AuthenticatedRequest {
  method: string;
  path: string;
  route?: { path: string };
  body?: { url?: unknown };
}

interface ClosingResponse {
  statusCode: number;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * A valid API key, then the key's rate limit: the default guard of Quarry's HTTP modules. A request
 * with a valid key is followed to its response for the request log (rate-limited ones included).
 */
@Injectable()
export class ApiKeyAccessGuard implements CanActivate {
  constructor(
    private readonly apiKey: ApiKeyGuard,
    private readonly rateLimit: ApiKeyThrottlerGuard,
    private readonly requestLog: RequestLog,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!(await this.apiKey.canActivate(context))) return false;
    if (this.requestLog.enabled) this.follow(context);
    return this.rateLimit.canActivate(context);
  }

  /** The response's 'close' comes once it is out (or the client left): the row is written then, off the request's path. */
  private follow(context: ExecutionContext): void {
    const http = context.switchToHttp();
    const request = http.getRequest<RoutedRequest>();
    const response = http.getResponse<ClosingResponse>();
    const url = request.body?.url;
    const closed = this.requestLog.opened({
      accountId: request.auth!.accountId,
      apiKeyId: request.auth!.keyId,
      route: `${request.method} ${request.route?.path ?? request.path}`,
      operation: chargedOperation(this.reflector, context),
      url: typeof url === 'string' ? url.slice(0, REQUEST_LOG_URL_LENGTH) : undefined,
    });
    response.once('close', () => closed(response.statusCode));
  }
}
