/** Patterns of `ignore` a monitor may have, and the longest one. */
export const MAX_IGNORE_PATTERNS = 20;
export const MAX_PATTERN_LENGTH = 200;

/**
 * Why `pattern` may not be used to ignore lines, or null. It must compile as a JavaScript regular
 * expression and must not be able to backtrack catastrophically: a repeated group (`(…)*`, `(…)+`,
 * `(…){n,}`) may hold neither a repetition nor an alternation, and backreferences are refused.
 * What is left matches in time linear in the line.
 */
export function patternError(pattern: string): string | null {
  if (pattern.length === 0 || pattern.length > MAX_PATTERN_LENGTH)
    return `must be 1 to ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern);
  } catch (error) {
    return `is not a regular expression: ${(error as Error).message}`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'must not use backreferences';
  /** Per open group: whether it holds a repetition or an alternation. */
  const groups: { risky: boolean }[] = [{ risky: false }];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i += 1;
    } else if (c === '[') {
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
    } else if (c === '(') {
      groups.push({ risky: false });
    } else if (c === ')') {
      const inner = groups.pop()!;
      const repeated = /^([*+]|\{\d+,)/.test(pattern.slice(i + 1));
      if (repeated && inner.risky)
        return 'must not repeat a group that holds a repetition or an alternation, e.g. (a+)+';
      groups[groups.length - 1].risky ||= inner.risky || repeated;
    } else if (c === '*' || c === '+' || c === '|' || (c === '{' && /^\{\d+,/.test(pattern.slice(i)))) {
      groups[groups.length - 1].risky = true;
    }
  }
  return null;
}
