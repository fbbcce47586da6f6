import render from 'dom-serializer';
import { Text, type Element } from 'domhandler';
import { createElement, descendants, firstDescendant, unwrap } from '../dom/html-tree';
import { parseHtml } from '../dom/html-parser';
import { MarkdownConverter } from './markdown.converter';
import { reparsesUnchanged } from './reparses-unchanged';

const converter = new MarkdownConverter();

/** The content as the extractor holds it: a wrapper element around the parsed nodes. */
function contentOf(html: string): Element {
  const body = firstDescendant(parseHtml(html), (element) => element.name === 'body')!;
  return createElement('div', [...body.children]);
}

function serialise(content: Element): string {
  return render(content.children, { encodeEntities: 'utf8' }).trim();
}

/** Markdown from the tree, and from the serialised HTML parsed by turndown, which it must equal. */
function bothWays(content: Element): { fromTree: string; fromHtml: string } {
  const html = serialise(content);
  return { fromTree: converter.convert(html, content), fromHtml: converter.convert(html) };
}

describe('MarkdownConverter', () => {
  describe('gives the same Markdown from the content tree as from its HTML', () => {
    const cases: Array<[string, string]> = [
      [
        'paragraphs, emphasis and links',
        '<h2>Title</h2><p>One <em>two</em> <a href="https://a.example/">three</a>.</p>',
      ],
      ['a block straight inside a paragraph', '<p>Before<div>Inside</div>after <b>bold</b></p><p>Next</p>'],
      ['a paragraph inside a paragraph', '<p>Outer <p>inner</p> tail</p>'],
      ['a heading inside a paragraph', '<p>Intro<h2>Heading</h2>rest</p>'],
      [
        'a block inside a link inside a paragraph',
        '<p>See <a href="https://a.example/">the <div>story</div></a> here</p>',
      ],
      ['a list item inside a list item', '<ul><li>one<div><li>two</li></div></li></ul>'],
      [
        'rows written straight into a table',
        '<table>\n<tr><th>a</th><th>b</th></tr>\n<tr><td>1</td><td>2</td></tr>\n</table>',
      ],
      [
        'a line break and an image directly in a table',
        '<p>x</p><table><br><tr><td>1</td></tr><img src="https://a.example/i.png"></table>',
      ],
      ['text directly in a table row', '<table><tbody><tr>stray<td>1</td></tr></tbody></table>'],
      ['a table inside a paragraph', '<p>Before<table><tr><td>1</td><td>2</td></tr></table>after</p>'],
      ['cells outside a table', '<td>one</td><td>two</td>'],
      [
        'a code block opening with a line feed',
        '<pre><code class="language-js">\n\nconst a = 1;\n</code></pre>',
      ],
      ['CR LF line ends', '<p>one\r\ntwo\rthree</p><pre>\r\nline\r\n</pre>'],
      ['non-breaking and other spaces at the edges', '\u00a0 <p>text</p> \u2009'],
      ['nested lists with a start number', '<ol start="3"><li>a<ul><li>b</li></ul></li><li>c</li></ol>'],
      [
        'a definition list and a quote',
        '<dl><dt>term</dt><dd>definition</dd></dl><blockquote><p>quoted</p></blockquote>',
      ],
      ['void elements of the head in the body', '<h3>A<basefont>B</h3><p>C<bgsound>D</p>'],
      [
        'a link inside a link',
        '<p><a href="https://a.example/">one <a href="https://b.example/">two</a></a></p>',
      ],
    ];
    it.each(cases)('%s', (_name, html) => {
      const { fromTree, fromHtml } = bothWays(contentOf(html));
      expect(fromTree).toBe(fromHtml);
      expect(fromTree).not.toBe('');
    });

    it('when unwrapping left texts side by side that read as one (escapes at the start of a text)', () => {
      const content = contentOf('<p>Step<span>-1.</span> <span>1. done</span> <span>_x_</span></p>');
      for (const span of descendants(content).filter((element) => element.name === 'span')) unwrap(span);
      const { fromTree, fromHtml } = bothWays(content);
      expect(fromTree).toBe(fromHtml);
      expect(fromTree).toBe('Step-1. 1. done \\_x\\_');
    });
  });

  it('reads the tree itself when parsing its HTML would rebuild it unchanged', () => {
    // What the parser builds reparses unchanged; what editing the tree can build may not.
    expect(reparsesUnchanged(contentOf('<p>Before<div>Inside</div>after</p>'))).toBe(true);
    expect(reparsesUnchanged(contentOf('<table><tr><td>1</td></tr></table>'))).toBe(true);
    expect(reparsesUnchanged(contentOf('<p>See <a href="/">the <div>story</div></a></p>'))).toBe(true);
    const story = () => new Text('story');
    const linkInLink = createElement('a', [createElement('a', [story()], { href: '/b' })], { href: '/a' });
    expect(reparsesUnchanged(createElement('div', [linkInLink]))).toBe(false);
    expect(reparsesUnchanged(createElement('div', [createElement('td', [story()])]))).toBe(false);
  });
});
