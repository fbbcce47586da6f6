/** What an http(s) URL starts with, as a pattern the API schema can state (any case, no leading space). */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';

/** The longest URL any request may give (docs/api.md §1, URL fields). */
export const MAX_URL_LENGTH = 2048;
