import { pageLinks } from './page-links';

describe('pageLinks', () => {
  it('resolves anchors against the page, once each in page order, without nofollow or non-http links', () => {
    const html = `<html><head><link rel="canonical" href="/canonical"></head><body>
      <a href="b">B</a><a href="/a#top">A</a><a href="b">B again</a>
      <a href="mailto:x@example.com">mail</a><a href="javascript:void 0">js</a>
      <a rel="nofollow" href="/private">no</a><map><area href="/area" alt="Area"></map></body></html>`;
    expect(pageLinks(html, 'https://example.com/docs/page')).toMatchObject({
      links: ['https://example.com/docs/b', 'https://example.com/a#top', 'https://example.com/area'],
      canonical: 'https://example.com/canonical',
    });
  });

  it('resolves against <base href> and answers null without a canonical link', () => {
    const html = '<head><base href="https://cdn.example.org/root/"></head><a href="x">x</a>';
    expect(pageLinks(html, 'https://example.com/')).toMatchObject({
      links: ['https://cdn.example.org/root/x'],
      canonical: null,
    });
  });

  it('keeps the first words each link is shown with, collapsed, for the links shown with any', () => {
    const html = `<a href="/icon"><img src="i.png"></a><a href="/icon">  Pricing
      <b>plans</b> </a><a href="/icon">Later</a><a href="/docs">${'Docs '.repeat(60)}</a>
      <map><area href="/area" alt="Office map"><area href="/blank"></map>`;
    expect(pageLinks(html, 'https://example.com/').texts).toEqual({
      'https://example.com/icon': 'Pricing plans',
      'https://example.com/docs': 'Docs '.repeat(40).trim(),
      'https://example.com/area': 'Office map',
    });
  });
});
