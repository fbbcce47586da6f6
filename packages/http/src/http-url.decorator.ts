import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { HTTP_URL_PATTERN, MAX_URL_LENGTH } from '@quarry/core';
import { OptionalField } from './optional-field.decorator';

const NOT_HTTP_URL = '$property must be an http(s) URL';

export interface HttpUrlFieldOptions {
  description: string;
  example?: string;
  /** A narrower pattern for the schema than any http(s) URL; the validation stays the same. */
  pattern?: string;
  /** An optional field: absent passes, any value given is validated. */
  optional?: boolean;
}

/**
 * A URL field of a request body, schema and validation in one: a string starting with `http://`
 * or `https://`, at most 2048 characters, each failure worded as the problem ("url must be an
 * http(s) URL"). Whether the host is public is the network policy's question, asked by the service.
 */
export function HttpUrlField(options: HttpUrlFieldOptions): PropertyDecorator {
  const { description, example, pattern = HTTP_URL_PATTERN, optional = false } = options;
  const schema = { description, example, format: 'uri', pattern, minLength: 1, maxLength: MAX_URL_LENGTH };
  return applyDecorators(
    ...(optional ? [ApiPropertyOptional(schema), OptionalField()] : [ApiProperty(schema)]),
    IsString({ message: NOT_HTTP_URL }),
    Matches(new RegExp(HTTP_URL_PATTERN), { message: NOT_HTTP_URL }),
    MaxLength(MAX_URL_LENGTH, { message: `$property must be at most ${MAX_URL_LENGTH} characters` }),
  );
}
