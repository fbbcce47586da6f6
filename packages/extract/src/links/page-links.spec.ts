import { pageLinks } from './page-links';

describe('pageLinks', () => {
  it('resolves anchors against the page, once each in page order, without nofollow or non-http links', () => {
    const html = `<html><head><link rel="canonical" href="/canonical"></head><body>
      <a href="b">B</a><a href="/a#top">A</a><a href="b">B again</a>
      <a href="mailto:x@example.com">mail</a><a href="javascript:void 0">js</a>
      <a rel="nofollow" href="/private">no</a><map><area href="/area"></map></body></html>`;
    expect(pageLinks(html, 'https://example.com/docs/page')).toEqual({
      links: ['https://example.com/docs/b', 'https://example.com/a#top', 'https://example.com/area'],
      canonical: 'https://example.com/canonical',
    });
  });

  it('resolves against <base href> and answers null without a canonical link', () => {
    const html = '<head><base href="https://cdn.example.org/root/"></head><a href="x">x</a>';
    expect(pageLinks(html, 'https://example.com/')).toEqual({
      links: ['https://cdn.example.org/root/x'],
      canonical: null,
    });
  });
});
