/** What an http(s) URL starts with, as a pattern the API schema can state (any case, no leading space). */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';

/** The longest URL any request may give (docs/api.md §1, URL fields). */
export const MAX_URL_LENGTH = 2048;

/**
 * What no email address or HTTP header value may carry: the C0 controls U+0000–U+001F (CR and LF
 * among them, which would start a new header) and DEL.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is its purpose
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
