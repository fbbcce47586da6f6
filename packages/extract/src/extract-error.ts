/**
 * The only failure `extract()` reports: the page has no readable text (empty, a script shell,
 * binary garbage). Code and status follow Quarry's error values so the API filter can map it.
 */
export class ExtractError extends Error {
  readonly code = 'UNREADABLE_CONTENT' as const;
  readonly status = 422;

  constructor(
    message = 'The page has no readable content.',
    readonly url?: string,
  ) {
    super(message);
    this.name = 'ExtractError';
  }
}
