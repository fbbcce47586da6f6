import { instagramMediaId } from './instagram-shortcode';

describe('instagramMediaId', () => {
  it('reads the shortcode as base-64 digits over A-Za-z0-9-_', () => {
    expect(instagramMediaId('A')).toBe('0');
    expect(instagramMediaId('B')).toBe('1');
    expect(instagramMediaId('_')).toBe('63');
    expect(instagramMediaId('BA')).toBe('64');
    expect(instagramMediaId('-_')).toBe(String(62 * 64 + 63));
  });

  it('keeps ids beyond 2^53 exact', () => {
    // C = 2, each further A a factor of 64: 2 * 64^10 = 2^61.
    expect(instagramMediaId('CAAAAAAAAAA')).toBe((2n ** 61n).toString());
    expect(instagramMediaId('C1a2B3c4D5e')).toBe(
      [...'C1a2B3c4D5e']
        .reduce(
          (id, char) =>
            id * 64n +
            BigInt('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(char)),
          0n,
        )
        .toString(),
    );
  });

  it('reads only the first eleven characters of a longer (private) shortcode', () => {
    expect(instagramMediaId('C1a2B3c4D5eXyZ0123456789abcd')).toBe(instagramMediaId('C1a2B3c4D5e'));
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => instagramMediaId('ab.cd')).toThrow('not an Instagram shortcode');
  });
});
