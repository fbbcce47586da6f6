import { readSitemap } from './sitemap-document';

describe('readSitemap', () => {
  it('reads the pages of a urlset, entities decoded, at most the cap', () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://example.com/a?x=1&amp;y=2</loc><lastmod>2026-01-01</lastmod></url>
      <url><loc><![CDATA[https://example.com/b]]></loc></url>
      <url><loc> https://example.com/c </loc></url></urlset>`;
    expect(readSitemap(xml, 10)).toEqual({
      kind: 'urlset',
      locations: ['https://example.com/a?x=1&y=2', 'https://example.com/b', 'https://example.com/c'],
    });
    expect(readSitemap(xml, 2).locations).toHaveLength(2);
  });

  it('tells an index from a urlset, and reads plain-text sitemaps', () => {
    const index = '<sitemapindex><sitemap><loc>https://example.com/s1.xml</loc></sitemap></sitemapindex>';
    expect(readSitemap(index, 10)).toEqual({ kind: 'index', locations: ['https://example.com/s1.xml'] });
    expect(readSitemap('https://example.com/a\nnot a url\nhttps://example.com/b\n', 10).locations).toEqual([
      'https://example.com/a',
      'https://example.com/b',
    ]);
  });
});
