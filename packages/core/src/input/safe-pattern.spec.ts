import { patternRefusal } from './safe-pattern';

const rules = { maxLength: 200 };

describe('patternRefusal', () => {
  it('accepts the patterns people write for lines and paths', () => {
    for (const pattern of [
      '^Updated: .*$',
      '\\d{4}-\\d{2}-\\d{2}',
      '(Mon|Tue)day',
      '[a-z()+*]+',
      'a+b*(cd)?',
      '^/blog/',
      '/docs/.*\\.html$',
      '/a(bc)?d',
      '/x{2,4}',
      '(?:ab)+c',
      '(?<year>\\d{4})-(\\d{2})',
      '[\\]()+]+x',
    ])
      expect([pattern, patternRefusal(pattern, rules)]).toEqual([pattern, null]);
  });

  it.each([
    ['(a+)+', 'nested quantifiers'],
    ['(a*)*b', 'nested quantifiers'],
    ['(a|aa)+', 'nested quantifiers'],
    ['^(a|aa)*$', 'nested quantifiers'],
    ['((ab)*c)+', 'nested quantifiers'],
    ['(x+x+)+y', 'nested quantifiers'],
    ['(.*a){2,}', 'nested quantifiers'],
    ['(.*a){3}', 'nested quantifiers'],
    ['([a-z]+)+$', 'nested quantifiers'],
    ['(?:\\w+\\s?)*$', 'nested quantifiers'],
    ['(a)\\1', 'must not use backreferences'],
    ['(?<x>a)\\k<x>', 'must not use backreferences'],
    ['a{1000}', 'must not use repeat counts above 100'],
    ['a{2,101}', 'must not use repeat counts above 100'],
    ['(unclosed', 'is not a valid regular expression: '],
  ])('refuses %s: %s', (pattern, reason) => {
    expect(patternRefusal(pattern, rules)).toContain(reason);
  });

  it('refuses an empty pattern and one longer than maxLength', () => {
    expect(patternRefusal('', rules)).toBe('must be 1 to 200 characters');
    expect(patternRefusal('x'.repeat(201), rules)).toBe('must be 1 to 200 characters');
    expect(patternRefusal('x'.repeat(200), rules)).toBeNull();
  });

  it('compiles with the flags the pattern is used with', () => {
    expect(patternRefusal('\\-', rules)).toBeNull();
    expect(patternRefusal('\\-', { ...rules, flags: 'u' })).toMatch(/^is not a valid regular expression/);
  });
});
