import { urlKey } from './url-key';

const key = (url: string, ignoreQueryParameters = false) => urlKey(new URL(url), { ignoreQueryParameters });

describe('urlKey', () => {
  it('gives one key to the spellings of one page', () => {
    const spellings = [
      'http://Example.COM:80/docs/a',
      'http://example.com/docs/a/',
      'http://example.com/docs/a#section',
      'http://example.com/docs/%61',
      'http://example.com/docs/a?',
    ];
    expect(new Set(spellings.map((url) => key(url)))).toEqual(new Set(['http://example.com/docs/a']));
  });

  it('keeps what makes pages differ: the query, reserved escapes (upper-cased), the root slash', () => {
    expect(key('https://example.com/?b=2&a=1')).toBe('https://example.com/?b=2&a=1');
    expect(key('https://example.com/a%2fb')).toBe('https://example.com/a%2Fb');
    expect(key('https://example.com')).toBe('https://example.com/');
    expect(key('https://example.com:8443/x')).toBe('https://example.com:8443/x');
  });

  it('drops the query when asked to', () => {
    expect(key('https://example.com/list?page=2', true)).toBe(key('https://example.com/list?page=3', true));
  });
});
