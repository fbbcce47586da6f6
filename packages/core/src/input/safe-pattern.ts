/** The largest count a `{n}` / `{n,m}` may name: a bound that large is as costly as no bound. */
export const MAX_PATTERN_REPEAT = 100;

export interface PatternRules {
  /** The longest pattern accepted, in characters. */
  maxLength: number;
  /** The flags the pattern is used with (`'u'`, say): it must compile with them. */
  flags?: string;
}

/**
 * Why a regular expression a user gave may not be used, or null. It must be 1 to `maxLength`
 * characters, compile as JavaScript with `flags`, and be unable to backtrack catastrophically: no
 * backreferences, no repeat count above 100, and no group repeated more than once (`*`, `+`,
 * `{n,}`, `{n,m}` with m > 1) that holds a quantifier or an alternation (`(a+)+`, `(a|aa)*`,
 * `(.*a){3}`). The reason completes a sentence that names the field: "… must not use backreferences".
 */
export function patternRefusal(pattern: string, rules: PatternRules): string | null {
  if (pattern.length === 0 || pattern.length > rules.maxLength)
    return `must be 1 to ${rules.maxLength} characters`;
  try {
    new RegExp(pattern, rules.flags);
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message}`;
  }
  return backtrackingRisk(pattern);
}

/** Per open group: whether it holds a quantifier or an alternation. */
interface Group {
  risky: boolean;
}

function backtrackingRisk(pattern: string): string | null {
  const groups: Group[] = [{ risky: false }];
  let i = 0;
  while (i < pattern.length) {
    const character = pattern[i];
    if (character === '|') {
      groups[groups.length - 1].risky = true;
      i += 1;
      continue;
    }
    if (character === '(') {
      groups.push({ risky: false });
      i += groupPrefixLength(pattern, i);
      continue;
    }
    let inner: Group | undefined;
    if (character === ')') {
      inner = groups.pop()!;
      i += 1;
    } else if (character === '\\') {
      if (/[1-9k]/.test(pattern[i + 1] ?? '')) return 'must not use backreferences';
      i += 2;
    } else if (character === '[') {
      i = classEnd(pattern, i);
    } else {
      i += 1;
    }
    const quantifier = quantifierAt(pattern, i);
    if (quantifier && quantifier.largestCount > MAX_PATTERN_REPEAT)
      return `must not use repeat counts above ${MAX_PATTERN_REPEAT}`;
    if (inner?.risky && quantifier?.repeats)
      return 'must not repeat a group that holds a repetition or an alternation (nested quantifiers, e.g. (a+)+)';
    const enclosing = groups[groups.length - 1];
    enclosing.risky ||= Boolean(inner?.risky) || quantifier !== null;
    i += quantifier?.length ?? 0;
  }
  return null;
}

/** `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>` at `start`: how many characters it takes. */
function groupPrefixLength(pattern: string, start: number): number {
  const prefix = /^\((\?(:|=|!|<=|<!|<[^>]*>))?/.exec(pattern.slice(start))!;
  return prefix[0].length;
}

/** The index just past the character class opening at `start`. */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i + 1;
}

interface Quantifier {
  length: number;
  /** It lets the atom match more than once. */
  repeats: boolean;
  largestCount: number;
}

/** The quantifier (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy) at `index`, or null. */
function quantifierAt(pattern: string, index: number): Quantifier | null {
  const match = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/.exec(pattern.slice(index));
  if (!match) return null;
  const [text, symbol, least, comma, most] = match;
  if (symbol) return { length: text.length, repeats: symbol !== '?', largestCount: 0 };
  const largestCount = Math.max(Number(least), Number(most || 0));
  const repeats = comma === undefined ? Number(least) > 1 : most === '' || Number(most) > 1;
  return { length: text.length, repeats, largestCount };
}
