import { Matches } from 'class-validator';

/**
 * What no email address or HTTP header value may carry: the C0 controls U+0000–U+001F (CR and LF
 * among them, which would start a new header) and DEL.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is its purpose
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A string without control characters, as a schema `pattern`: state it beside `NoControlCharacters`. */
export const NO_CONTROL_CHARACTERS_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';

/** Refuses a string field with a control character: "<field> must not contain control characters". */
export const NoControlCharacters = (): PropertyDecorator =>
  Matches(new RegExp(NO_CONTROL_CHARACTERS_PATTERN), {
    message: '$property must not contain control characters',
  });
