import { applyDecorators, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorBodyDto } from '@quarry/core';
import { ApiKeyThrottlerGuard } from '../rate-limit/api-key-throttler.guard';
import { ApiKeyGuard } from './api-key.guard';

/** The route needs an API key and counts against the key's rate limit. */
export const RequireApiKey = () =>
  applyDecorators(
    UseGuards(ApiKeyGuard, ApiKeyThrottlerGuard),
    ApiBearerAuth(),
    ApiSecurity('x-api-key'),
    ApiUnauthorizedResponse({
      description: 'Missing, malformed, unknown or revoked key.',
      type: ErrorBodyDto,
    }),
    ApiTooManyRequestsResponse({
      description: 'Per-key rate limit exceeded; see Retry-After.',
      type: ErrorBodyDto,
    }),
  );
