import type { Token } from 'parse5';

type Doctype = Pick<Token.DoctypeToken, 'name' | 'forceQuirks' | 'publicId' | 'systemId'>;

/**
 * The doctype token of `<!DOCTYPE body>` as the HTML standard's doctype states read it (`closed`:
 * a `>` ended it). Force-quirks is set by a missing name, an unexpected keyword, a missing or
 * unclosed quote, or the end of the file; text after the system identifier is ignored. One pass,
 * no backtracking, whatever the body holds.
 */
export function doctypeToken(body: string, closed: boolean): Doctype {
  let at = skipSpaces(body, 0);
  let end = at;
  while (end < body.length && !isSpace(body.charCodeAt(end))) end++;
  const name = end > at ? asciiLowerCase(body.slice(at, end)) : null;
  const doctype: Doctype = { name, forceQuirks: !closed || name === null, publicId: null, systemId: null };
  at = skipSpaces(body, end);
  if (at >= body.length) return doctype;
  const keyword = body.slice(at, at + 6).toUpperCase();
  if (keyword !== 'PUBLIC' && keyword !== 'SYSTEM') return { ...doctype, forceQuirks: true };
  at = skipSpaces(body, at + 6);
  const first = quoted(body, at);
  if (!first) return { ...doctype, forceQuirks: true };
  if (keyword === 'SYSTEM')
    return { ...doctype, systemId: first.value, forceQuirks: doctype.forceQuirks || !first.closed };
  const withPublic = { ...doctype, publicId: first.value, forceQuirks: doctype.forceQuirks || !first.closed };
  at = skipSpaces(body, first.next);
  if (!first.closed || at >= body.length) return withPublic;
  const second = quoted(body, at);
  if (!second) return { ...withPublic, forceQuirks: true };
  return { ...withPublic, systemId: second.value, forceQuirks: withPublic.forceQuirks || !second.closed };
}

/** A quoted identifier at `at`: its value, whether its quote closes, and where reading goes on. */
function quoted(body: string, at: number): { value: string; closed: boolean; next: number } | undefined {
  const quote = body[at];
  if (quote !== '"' && quote !== "'") return undefined;
  const close = body.indexOf(quote, at + 1);
  if (close === -1) return { value: body.slice(at + 1), closed: false, next: body.length };
  return { value: body.slice(at + 1, close), closed: true, next: close + 1 };
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 12;
}

function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()).replace(/\0/g, '\uFFFD');
}
