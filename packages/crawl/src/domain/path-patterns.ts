import { InvalidRequestError } from '@quarry/core';

/** Longest pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 256;
/** Most patterns in one of `includePaths` / `excludePaths`. */
export const MAX_PATTERNS = 50;

/** The largest count a `{n,m}` may name: a bound that large is as costly as no bound. */
const MAX_REPEAT = 100;

/**
 * Compiles the regular expressions of `field` (`includePaths`, `excludePaths`), refusing with
 * `InvalidRequestError` those that do not compile and those that can take exponential time
 * (catastrophic backtracking): a quantified group holding a quantifier or an alternation
 * (`(a+)+`, `(a|aa)*`), a backreference, or a repeat count past 100.
 */
export function compilePathPatterns(patterns: readonly string[], field: string): RegExp[] {
  if (patterns.length > MAX_PATTERNS)
    throw new InvalidRequestError(`${field} has more than ${MAX_PATTERNS} patterns.`);
  return patterns.map((pattern, index) => {
    const name = `${field}[${index}]`;
    if (pattern.length === 0 || pattern.length > MAX_PATTERN_LENGTH)
      throw new InvalidRequestError(`${name} must be 1 to ${MAX_PATTERN_LENGTH} characters.`);
    let compiled: RegExp;
    try {
      compiled = new RegExp(pattern, 'u');
    } catch (error) {
      throw new InvalidRequestError(`${name} is not a valid regular expression: ${(error as Error).message}`);
    }
    const risk = backtrackingRisk(pattern);
    if (risk) throw new InvalidRequestError(`${name} is refused: ${risk}`);
    return compiled;
  });
}

interface Group {
  quantified: boolean;
  alternation: boolean;
}

/** Why `pattern` may backtrack catastrophically, or null. */
function backtrackingRisk(pattern: string): string | null {
  const groups: Group[] = [{ quantified: false, alternation: false }];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i];
    if (character === '\\') {
      if (/[1-9k]/.test(pattern[i + 1] ?? '')) return 'backreferences are not allowed.';
      i += 1;
      if (isQuantifierAt(pattern, i + 1)) groups[groups.length - 1].quantified = true;
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      continue;
    }
    if (character === '[') inClass = true;
    else if (character === '(') groups.push({ quantified: false, alternation: false });
    else if (character === '|') groups[groups.length - 1].alternation = true;
    else if (character === ')') {
      const inner = groups.pop()!;
      const outer = groups[groups.length - 1] ?? { quantified: false, alternation: false };
      if (isUnboundedAt(pattern, i + 1) && (inner.quantified || inner.alternation))
        return 'a repeated group holds a repetition or an alternation (nested quantifiers).';
      outer.quantified ||= inner.quantified || isQuantifierAt(pattern, i + 1);
    } else if (character === '{') {
      const repeat = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (repeat && Math.max(Number(repeat[1]), Number(repeat[3] || 0)) > MAX_REPEAT)
        return `repeat counts above ${MAX_REPEAT} are not allowed.`;
    }
    if (character !== ')' && character !== '(' && isQuantifierAt(pattern, i + 1))
      groups[groups.length - 1].quantified = true;
  }
  return null;
}

function isQuantifierAt(pattern: string, index: number): boolean {
  return /^(\*|\+|\?|\{\d+(,\d*)?\})/.test(pattern.slice(index));
}

/** A quantifier that repeats more than once: `*`, `+`, `{n,}`, `{n,m}` with m > 1. */
function isUnboundedAt(pattern: string, index: number): boolean {
  const rest = pattern.slice(index);
  if (/^[*+]/.test(rest)) return true;
  const repeat = /^\{(\d+)(,(\d*))?\}/.exec(rest);
  if (!repeat) return false;
  if (repeat[2] === undefined) return Number(repeat[1]) > 1;
  return repeat[3] === '' || Number(repeat[3]) > 1;
}
