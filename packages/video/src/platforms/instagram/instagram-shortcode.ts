const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A shortcode's media id is in its first 11 characters; private posts' longer codes add more after. */
const ID_LENGTH = 11;

/**
 * The numeric media id (`pk`) a post's shortcode spells: its characters read as base-64 digits
 * over `A-Za-z0-9-_`, as a decimal string (ids pass 2^53, hence BigInt).
 */
export function instagramMediaId(shortcode: string): string {
  let id = 0n;
  for (const char of shortcode.slice(0, ID_LENGTH)) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`"${shortcode}" is not an Instagram shortcode.`);
    id = id * 64n + BigInt(digit);
  }
  return id.toString();
}
