import { selectedText, selectorError, visibleText } from './page-text';

const page = `<!doctype html><html><head><title>Release notes</title><style>p { color: red }</style></head>
<body><header><h1>Release notes</h1><p class="updated">Updated: version 2</p></header>
<nav><ul><li><a href="/">Home</a></li><li><a href="/docs">Docs</a></li></ul></nav>
<main><p>The first  paragraph,
with a <strong>bold</strong> word.</p><div hidden>Hidden text</div>
<p style="display: none">Also hidden</p><span aria-hidden="true">Icon</span>
<script>var secret = 1;</script><template><p>Template</p></template>
<table><tr><td class="price">10 EUR</td><td class="price">30 EUR</td></tr></table></main></body></html>`;

describe('visibleText', () => {
  it('keeps every visible block as a line, the heading area and navigation included', () => {
    expect(visibleText(page).split('\n')).toEqual([
      'Release notes',
      'Updated: version 2',
      'Home',
      'Docs',
      'The first paragraph, with a bold word.',
      '10 EUR',
      '30 EUR',
    ]);
  });
});

describe('selectedText', () => {
  it('reads the matching elements in page order, and says how many matched', () => {
    expect(selectedText(page, 'td.price')).toEqual({ text: '10 EUR\n30 EUR', matched: 2 });
    expect(selectedText(page, 'header .updated')).toEqual({ text: 'Updated: version 2', matched: 1 });
    expect(selectedText(page, '#missing')).toEqual({ text: '', matched: 0 });
  });
});

describe('selectorError', () => {
  it('accepts CSS selectors and names what is wrong with others', () => {
    expect(selectorError('main > p:first-child, td.price')).toBeNull();
    expect(selectorError('p[')).toEqual(expect.any(String));
    expect(selectorError('')).toEqual(expect.any(String));
  });
});
