import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.parser';

const now = new Date('2026-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['7', 7000],
    [' 120 ', 120_000],
    ['0', 0],
    ['Sun, 01 Mar 2026 12:00:30 GMT', 30_000],
    ['Sunday, 01-Mar-26 12:01:00 GMT', 60_000],
  ])('reads %j as %j ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('caps long waits at one hour', () => {
    expect(parseRetryAfter('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('Mon, 02 Mar 2026 12:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('600', now, 60_000)).toBe(60_000);
  });

  it.each([null, undefined, '', '  ', '-5', '7.5', '1e3', '2026-03-01', 'soon', 'in 5 minutes'])(
    'ignores %j',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );
});
