import { patternError } from './safe-pattern';

describe('patternError', () => {
  it('accepts patterns that match in linear time', () => {
    for (const pattern of [
      '^Updated: .*$',
      '\\d{4}-\\d{2}-\\d{2}',
      '(Mon|Tue)day',
      '[a-z()+*]+',
      'a+b*(cd)?',
    ])
      expect([pattern, patternError(pattern)]).toEqual([pattern, null]);
  });

  it('refuses nested and alternating repetitions, backreferences, and what does not compile', () => {
    for (const pattern of ['(a+)+', '(a*)*b', '(a|aa)+', '((ab)*c)+', '(x+x+)+y', '(.*a){2,}', '(a)\\1'])
      expect([pattern, patternError(pattern)]).toEqual([pattern, expect.any(String)]);
    expect(patternError('(unclosed')).toMatch(/^is not a regular expression/);
    expect(patternError('x'.repeat(201))).toMatch(/1 to 200 characters/);
  });
});
