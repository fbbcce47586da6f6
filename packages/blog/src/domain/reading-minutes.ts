/**
 * The reading speed `readingMinutes` assumes: 225 words a minute, a common figure for adults
 * reading technical prose silently (lower than the 238 often quoted for fiction).
 */
export const WORDS_PER_MINUTE = 225;

/**
 * Minutes to read a Markdown body: its words (runs of text between white space holding a letter
 * or digit, so markup such as `##` or `---` is not a word) at WORDS_PER_MINUTE, rounded up, at least 1.
 */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
