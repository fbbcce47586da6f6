import { rankBySearch } from './map-ranking';

const unnamed = (url: string) => ({ url });

describe('rankBySearch', () => {
  it('keeps the URLs naming the search, the whole term first, ties in their order', () => {
    const urls = [
      'https://example.com/pricing',
      'https://example.com/docs/api-keys',
      'https://example.com/blog/api',
      'https://example.com/docs/API%20keys',
      'https://example.com/keys',
    ];
    expect(rankBySearch(urls.map(unnamed), 'API keys')).toEqual([
      'https://example.com/docs/api-keys',
      'https://example.com/docs/API%20keys',
      'https://example.com/blog/api',
      'https://example.com/keys',
    ]);
  });

  it('reads the path and query, never the host every URL of the site shares', () => {
    const urls = [
      'http://127.0.0.2:8082/item/0',
      'http://127.0.0.2:8082/item/2',
      'http://127.0.0.2:8082/?page=2',
    ];
    expect(rankBySearch(urls.map(unnamed), 'item 2')).toEqual([
      'http://127.0.0.2:8082/item/2',
      'http://127.0.0.2:8082/item/0',
      'http://127.0.0.2:8082/?page=2',
    ]);
  });

  it('reads the titles it knows beside the URLs, a whole term in either ranking first', () => {
    const urls = [
      { url: 'https://example.com/p/1', title: 'Company news' },
      { url: 'https://example.com/p/2', title: 'Pricing plans for teams' },
      { url: 'https://example.com/plans' },
      { url: 'https://example.com/p/3' },
    ];
    expect(rankBySearch(urls, 'pricing plans')).toEqual([
      'https://example.com/p/2',
      'https://example.com/plans',
    ]);
  });
});
