import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiKeySecurityDocs } from '@quarry/http';
import { ApiKeyAccessGuard } from './api-key-access.guard';

/** The route needs an API key and counts against the key's rate limit. */
export const RequireApiKey = () => applyDecorators(UseGuards(ApiKeyAccessGuard), ApiKeySecurityDocs());
