import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimitedError } from '@quarry/core';
import { isMeteredRoute } from '@quarry/http';
import { AuthenticatedRequest } from '../auth/authenticated-request';
import {
  API_KEY_THROTTLER_OPTIONS,
  API_KEY_THROTTLER_STORAGE,
  RateBudgets,
} from './api-key-throttler.providers';

interface HeaderSink {
  setHeader(name: string, value: number): unknown;
}

/**
 * Per-key limits: `@MeteredRoute()` routes count against the key's work budget, every other route
 * against its reads budget, each shared by all routes of its kind. Answers
 * `X-RateLimit-{Limit,Remaining,Reset}-<budget>`; past the limit, 429 `rate_limited` with
 * `Retry-After` (and `Retry-After-<budget>`). One counter increment per request, nothing else.
 */
@Injectable()
export class ApiKeyThrottlerGuard implements CanActivate {
  constructor(
    @Inject(API_KEY_THROTTLER_OPTIONS) private readonly budgets: RateBudgets,
    @Inject(API_KEY_THROTTLER_STORAGE) private readonly storage: ThrottlerStorage,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { name, limit, ttlMs } = isMeteredRoute(this.reflector, context)
      ? this.budgets.work
      : this.budgets.reads;
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const response = http.getResponse<HeaderSink>();
    // `ip` is a getter that reads the socket and the proxy settings: asked only without a key.
    const tracker = request.auth ? `key:${request.auth.keyId}` : `ip:${request.ip ?? 'unknown'}`;
    const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await this.storage.increment(
      `quarry:rate:${name}:${tracker}`,
      ttlMs,
      limit,
      ttlMs,
      name,
    );
    if (isBlocked) {
      response.setHeader(`Retry-After-${name}`, timeToBlockExpire);
      throw new RateLimitedError(timeToBlockExpire);
    }
    response.setHeader(`X-RateLimit-Limit-${name}`, limit);
    response.setHeader(`X-RateLimit-Remaining-${name}`, Math.max(0, limit - totalHits));
    response.setHeader(`X-RateLimit-Reset-${name}`, timeToExpire);
    return true;
  }
}
