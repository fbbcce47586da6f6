import { Matches } from 'class-validator';

/**
 * A string without `CONTROL_CHARACTERS` (of `@quarry/core`), as a schema `pattern`: state it beside
 * `NoControlCharacters`.
 */
export const NO_CONTROL_CHARACTERS_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';

/** Refuses a string field with a control character: "<field> must not contain control characters". */
export const NoControlCharacters = (): PropertyDecorator =>
  Matches(new RegExp(NO_CONTROL_CHARACTERS_PATTERN), {
    message: '$property must not contain control characters',
  });
