import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ApiKeyThrottlerGuard } from '../rate-limit/api-key-throttler.guard';
import { ApiKeyGuard } from './api-key.guard';

/** A valid API key, then the key's rate limit: the default guard of Quarry's HTTP modules. */
@Injectable()
export class ApiKeyAccessGuard implements CanActivate {
  constructor(
    private readonly apiKey: ApiKeyGuard,
    private readonly rateLimit: ApiKeyThrottlerGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    return (await this.apiKey.canActivate(context)) && this.rateLimit.canActivate(context);
  }
}
