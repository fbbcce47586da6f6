import { rankBySearch } from './map-ranking';

describe('rankBySearch', () => {
  it('keeps the URLs naming the search, the whole term first, ties in their order', () => {
    const urls = [
      'https://example.com/pricing',
      'https://example.com/docs/api-keys',
      'https://example.com/blog/api',
      'https://example.com/docs/API%20keys',
      'https://example.com/keys',
    ];
    expect(rankBySearch(urls, 'API keys')).toEqual([
      'https://example.com/docs/API%20keys',
      'https://example.com/docs/api-keys',
      'https://example.com/blog/api',
      'https://example.com/keys',
    ]);
  });
});
