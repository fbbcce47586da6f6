import { applyDecorators, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorBodyDto } from '@quarry/core';
import { ApiKeyAccessGuard } from './api-key-access.guard';

/** The route needs an API key and counts against the key's rate limit. */
export const RequireApiKey = () =>
  applyDecorators(
    UseGuards(ApiKeyAccessGuard),
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
