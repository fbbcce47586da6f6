import { InvalidRequestError, patternRefusal } from '@quarry/core';

/** Longest pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 256;
/** Most patterns in one of `includePaths` / `excludePaths`. */
export const MAX_PATTERNS = 50;

/**
 * Compiles the regular expressions of `field` (`includePaths`, `excludePaths`), refusing with
 * `InvalidRequestError` those `patternRefusal` of `@quarry/core` refuses: that do not compile as
 * Unicode patterns, or can take exponential time (a repeated group holding a quantifier or an
 * alternation, `(a+)+`, `(a|aa)*`; a backreference; a repeat count past 100).
 */
export function compilePathPatterns(patterns: readonly string[], field: string): RegExp[] {
  if (patterns.length > MAX_PATTERNS)
    throw new InvalidRequestError(`${field} has more than ${MAX_PATTERNS} patterns.`);
  return patterns.map((pattern, index) => {
    const refusal = patternRefusal(pattern, { maxLength: MAX_PATTERN_LENGTH, flags: 'u' });
    if (refusal) throw new InvalidRequestError(`${field}[${index}] ${refusal}.`);
    return new RegExp(pattern, 'u');
  });
}
