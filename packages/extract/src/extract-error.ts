/**
 * The only failure `extract()` reports. Code and status follow Quarry's error values so the API
 * filter can map it: `UNREADABLE_CONTENT` when the page has no readable text (empty, a script
 * shell, binary garbage), `TOO_LARGE` when its markup is past the parser's limits.
 */
export class ExtractError extends Error {
  readonly status = 422;

  constructor(
    message = 'The page has no readable content.',
    readonly url?: string,
    readonly code: 'UNREADABLE_CONTENT' | 'TOO_LARGE' = 'UNREADABLE_CONTENT',
  ) {
    super(message);
    this.name = 'ExtractError';
  }
}
