import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ThrottlerGuard,
  ThrottlerLimitDetail,
  ThrottlerModuleOptions,
  ThrottlerStorage,
} from '@nestjs/throttler';
import { RateLimitedError } from '@quarry/core';
import { AuthenticatedRequest } from '../auth/authenticated-request';
import { API_KEY_THROTTLER_OPTIONS, API_KEY_THROTTLER_STORAGE } from './api-key-throttler.providers';

/** Per-key limits: counters are keyed by the API key, shared across routes of the same class. */
@Injectable()
export class ApiKeyThrottlerGuard extends ThrottlerGuard {
  constructor(
    @Inject(API_KEY_THROTTLER_OPTIONS) options: ThrottlerModuleOptions,
    @Inject(API_KEY_THROTTLER_STORAGE) storage: ThrottlerStorage,
    reflector: Reflector,
  ) {
    super(options, storage, reflector);
  }

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
