import { extract } from '../extract';
import { pageLinks } from '../links/page-links';
import { visibleText } from '../text/page-text';
import { parsePage } from './parsed-page';

const story = `<p>${'A sentence of the story that a reader came for, long enough to count. '.repeat(12)}</p>`;
const pages = {
  article: `<!doctype html><title>T</title><nav><a href="/home">Home</a> <a href="/about">About</a></nav>
    <article><h1>Story</h1>${story}</article><footer><a href="/terms">Terms</a></footer>`,
  // Too little text for an article: extraction falls back to the whole page, and prunes it.
  listing: `<!doctype html><title>T</title><header><a href="/home">Home</a></header>
    <main><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></main><footer>Footer</footer>`,
};

describe('a page parsed once for several readers', () => {
  it.each(Object.entries(pages))(
    'reads the %s page as its markup would, whatever read it first',
    (_name, html) => {
      const page = parsePage(html);
      const extracted = extract(page, { url: 'https://example.com/' });
      expect(extracted).toEqual(extract(html, { url: 'https://example.com/' }));
      expect(pageLinks(page, 'https://example.com/')).toEqual(pageLinks(html, 'https://example.com/'));
      expect(visibleText(page)).toEqual(visibleText(html));
      expect(visibleText(page)).toContain('Home');
      expect(extract(page, { url: 'https://example.com/' })).toEqual(extracted);
    },
  );
});
