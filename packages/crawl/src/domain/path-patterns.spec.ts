import { InvalidRequestError } from '@quarry/core';
import { compilePathPatterns, MAX_PATTERN_LENGTH } from './path-patterns';

describe('compilePathPatterns', () => {
  it('compiles the patterns people write for paths', () => {
    const patterns = ['^/blog/', '/docs/.*\\.html$', '^/(en|de)/guide', '/a(bc)?d', '/p/[0-9]+$', '/x{2,4}'];
    const compiled = compilePathPatterns(patterns, 'includePaths');
    expect(compiled.map((re) => re.test('/blog/post'))).toEqual([true, false, false, false, false, false]);
    expect(compiled[2].test('/de/guide/intro')).toBe(true);
  });

  it.each([
    ['(a+)+$', 'nested quantifiers'],
    ['^(a|aa)*$', 'nested quantifiers'],
    ['(.*a){3}', 'nested quantifiers'],
    ['((ab)*c)+', 'nested quantifiers'],
    ['(\\w+\\s?)*$', 'nested quantifiers'],
    ['(a)\\1', 'backreferences'],
    ['a{1000}', 'repeat counts'],
    ['(unclosed', 'not a valid regular expression'],
    ['x'.repeat(MAX_PATTERN_LENGTH + 1), 'characters'],
  ])('refuses %s (%s) with a 400 naming the field', (pattern, reason) => {
    const attempt = () => compilePathPatterns(['^/ok', pattern], 'excludePaths');
    expect(attempt).toThrow(InvalidRequestError);
    expect(attempt).toThrow(/excludePaths\[1\]/);
    expect(attempt).toThrow(new RegExp(reason.replace(/[()]/g, '\\$&')));
  });
});
