import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { RateLimitedError } from '@quarry/core';
import { AuthenticatedRequest } from '../auth/authenticated-request';

/** Per-key limits: counters are keyed by the API key, shared across routes of the same class. */
@Injectable()
export class ApiKeyThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const { auth, ip } = request as unknown as AuthenticatedRequest;
    return auth ? `key:${auth.keyId}` : `ip:${ip ?? 'unknown'}`;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `quarry:rate:${throttlerName}:${tracker}`;
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new RateLimitedError(detail.timeToBlockExpire);
  }
}
