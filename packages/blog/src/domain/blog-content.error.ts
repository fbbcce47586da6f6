/** A post file the module cannot serve; the message names the file and the field, so a boot stops on the fix. */
export class BlogContentError extends Error {
  override readonly name = 'BlogContentError';

  constructor(
    readonly file: string,
    readonly field: string | undefined,
    reason: string,
  ) {
    super(field === undefined ? `${file}: ${reason}` : `${file}: ${field} ${reason}`);
  }
}
