import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { OptionalField } from './optional-field.decorator';

/** The bounds of a request's `timeoutMs` (docs/api.md §4), and what the schema states as its default. */
export const MIN_TIMEOUT_MS = 1000;
export const MAX_TIMEOUT_MS = 120_000;
const DOCUMENTED_DEFAULT_TIMEOUT_MS = 30_000;

/** The optional `timeoutMs` of a request body: whole milliseconds, 1000..120000, schema and validation in one. */
export function TimeoutMsField(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      description,
      type: 'integer',
      minimum: MIN_TIMEOUT_MS,
      maximum: MAX_TIMEOUT_MS,
      default: DOCUMENTED_DEFAULT_TIMEOUT_MS,
    }),
    OptionalField(),
    IsInt(),
    Min(MIN_TIMEOUT_MS),
    Max(MAX_TIMEOUT_MS),
  );
}
