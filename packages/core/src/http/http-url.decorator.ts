import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, MaxLength } from 'class-validator';

/** What an http(s) URL field starts with, as a pattern the API schema can state (any case, no leading space). */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';

/** The longest URL any request may give (SPEC §4). */
export const MAX_URL_LENGTH = 2048;

const NOT_HTTP_URL = '$property must be an http(s) URL';

/**
 * The validation of every URL field of a request body: a string starting with `http://` or
 * `https://`, at most 2048 characters, each failure worded as the problem ("url must be an http(s)
 * URL"). Whether the host is public is the network policy's question, asked by the service.
 */
export const IsHttpUrl = (): PropertyDecorator =>
  applyDecorators(
    IsString({ message: NOT_HTTP_URL }),
    Matches(new RegExp(HTTP_URL_PATTERN), { message: NOT_HTTP_URL }),
    MaxLength(MAX_URL_LENGTH, { message: `$property must be at most ${MAX_URL_LENGTH} characters` }),
  );
