import render from 'dom-serializer';
import type { Document, Element } from 'domhandler';
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import { ExtractError } from '../extract-error';
import { MAX_ELEMENTS, MAX_NESTING_DEPTH, parseHtml } from './html-parser';
import { firstDescendant } from './html-tree';

function part(document: Document, name: 'head' | 'body'): string {
  const element = firstDescendant(document, (candidate) => candidate.name === name);
  return element ? render((element as Element).children) : `(no ${name})`;
}

const body = (html: string) => part(parseHtml(html), 'body');
const head = (html: string) => part(parseHtml(html), 'head');

describe('parseHtml builds the tree a browser builds', () => {
  it('ends the head at the first body content and opens an implied body', () => {
    const page = '<html><head><title>T</title><meta charset="utf-8"><a href="/">Home</a><p>Story</p>';
    expect(head(page)).toBe('<title>T</title><meta charset="utf-8">');
    expect(body(page)).toBe('<a href="/">Home</a><p>Story</p>');
    expect(body('<title>T</title>Text before any tag')).toBe('Text before any tag');
  });

  it('repairs misnested formatting and carries unclosed formatting into the next paragraph', () => {
    expect(body('<p><b>bold <i>both</b> italic</i></p>')).toBe(
      '<p><b>bold <i>both</i></b><i> italic</i></p>',
    );
    expect(body('<p><b>one<p>two')).toBe('<p><b>one</b></p><p><b>two</b></p>');
  });

  it('moves stray table content in front of the table', () => {
    expect(body('<table><tr><td>cell</td></tr>Stray <p>para</p></table>')).toBe(
      'Stray <p>para</p><table><tbody><tr><td>cell</td></tr></tbody></table>',
    );
  });

  it('ignores a frameset once the page has content, and reads a frameset page without a body', () => {
    expect(body('<p>Text</p><frameset><frame src="a.html"></frameset>')).toBe('<p>Text</p>');
    const frames = parseHtml(
      '<frameset><frame src="a.html"><noframes><p>No frames</p></noframes></frameset>',
    );
    expect(part(frames, 'body')).toBe('(no body)');
    expect(firstDescendant(frames, (element) => element.name === 'frameset')).not.toBeNull();
  });

  it('puts content after </body> and </html> into the body', () => {
    expect(body('<p>One</p></body><p>Two</p></html><p>Three</p>')).toBe('<p>One</p><p>Two</p><p>Three</p>');
  });

  it('reads XHTML served as HTML: prolog and CDATA are comments, self-closing blocks stay open', () => {
    const page =
      '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" ' +
      '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html xmlns="http://www.w3.org/1999/xhtml">' +
      '<head><title>X</title></head><body><div/>One<br/>Two<![CDATA[ data ]]><svg><![CDATA[in svg]]></svg></body></html>';
    expect(body(page)).toBe('<div>One<br>Two<!--[CDATA[ data ]]--><svg>in svg</svg></div>');
  });

  it('keeps template content inside the template and reads <plaintext> as text', () => {
    expect(body('<p>Now</p><template><p>Later</p></template>')).toBe(
      '<p>Now</p><template><p>Later</p></template>',
    );
    const plaintext = firstDescendant(
      parseHtml('<p>Before</p><plaintext><p>not a tag &amp; no entity'),
      (element) => element.name === 'plaintext',
    )!;
    expect(plaintext.children).toEqual([
      expect.objectContaining({ type: 'text', data: '<p>not a tag &amp; no entity' }),
    ]);
  });

  it('reads <noscript> fallbacks as markup, as a browser without scripts does', () => {
    expect(body('<p>Photo</p><noscript><img src="a.jpg"></noscript>')).toBe(
      '<p>Photo</p><noscript><img src="a.jpg"></noscript>',
    );
  });
});

describe('parseHtml tokenizes as the HTML standard does', () => {
  // parse5 on its own (its tokenizer and tree builder, tested against the html5lib suite) is the reference.
  const cases: Array<[string, string]> = [
    [
      'attributes: quoting, duplicates, case, no value',
      '<DIV Class=a class="b" data-x = \'y\' hidden id=x/>t</div>',
    ],
    [
      'character references in text and attributes',
      '<p title="&amp;&ltid &lt=&copy2">&amp &lt; &notit; &#128; &#0; &#x1F600; &bogus;</p>',
    ],
    ['comments, short and unclosed', '<p>a<!-->b<!--->c<!-- x --!>d<!-- open'],
    ['bogus comments', '<p><?php echo 1 ?>a<!x>b</1>c</>d</ p>e'],
    [
      'text elements with end-tag look-alikes',
      '<title>a</titlex></title><textarea>\n<b>&amp;</TEXTAREA ><style>p{}</style x><script>if (a</script>1)</script><xmp><b></xmp>',
    ],
    ['a literal < and & in text', '<p>1 < 2 && 3 <= 4 <3 a<b</p>'],
    ['NUL and CR', '<p>a\0b\r\nc\rd</p><pre>\r\nx</pre><textarea>\0</textarea>'],
    [
      'doctypes that switch quirks mode',
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p><table><tr><td>x',
    ],
    ['a bogus doctype', '<!DOCTYPE html bogus><p><table></table>'],
    ...[
      '<!DOCTYPE>',
      '<!DOCTYPE html SYSTEM "about:legacy-compat">',
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">',
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">',
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" garbage>',
      '<!DOCTYPE html SYSTEM "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd" garbage>',
      "<!DOCTYPE html PUBLIC '-//W3C//DTD HTML 3.2 Final//EN>",
      '<!DOCTYPE HTML PUBLIC"-//W3C//DTD HTML 4.01 Transitional//EN"SYSTEM>',
      '<!DOCTYPE html',
    ].map((doctype): [string, string] => [`the doctype ${doctype}`, `${doctype}<p><table></table>`]),
    ['a tag cut off by the end', '<p>text<a href="x'],
    [
      'foreign content',
      '<svg viewBox="0 0 1 1"><foreignObject><p>in</p></foreignObject><title>t</title><style>s</style></svg><math><mi>x</mi></math>',
    ],
    ['attributes after a slash and without separators', '<a href="x"title=y/ z>l</a><input/disabled>'],
  ];

  it.each(cases)('%s', (_name, html) => {
    const reference = parse(html, { treeAdapter: adapter, scriptingEnabled: false });
    expect(render(parseHtml(html))).toBe(render(reference));
  });
});

describe('parseHtml bounds its input', () => {
  function tooLarge(html: string): ExtractError {
    try {
      parseHtml(html);
    } catch (error) {
      if (error instanceof ExtractError) return error;
      throw error;
    }
    throw new Error('parsed');
  }

  it('reads a doctype of any length in one pass', () => {
    const document = parseHtml(`<!DOCTYPE html${' '.repeat(200_000)}x${' '.repeat(200_000)}><p>Text</p>`);
    expect(part(document, 'body')).toBe('<p>Text</p>');
  });

  it(`refuses nesting deeper than ${MAX_NESTING_DEPTH} with TOO_LARGE`, () => {
    const error = tooLarge('<div>'.repeat(400_000));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.status).toBe(422);
    expect(error.message).toBe(`The page nests elements more than ${MAX_NESTING_DEPTH} deep.`);
    expect(tooLarge('<ul><li>'.repeat(50_000)).code).toBe('TOO_LARGE');
  });

  it(`refuses more than ${MAX_ELEMENTS} elements with TOO_LARGE`, () => {
    expect(tooLarge('<br>'.repeat(MAX_ELEMENTS + 1)).message).toBe(
      `The page has more than ${MAX_ELEMENTS} elements.`,
    );
  });

  it('keeps unclosed formatting repeated without end shallow (the standard caps its reconstruction)', () => {
    const document = parseHtml('<p><b><i><u><span>x'.repeat(20_000));
    let deepest = 0;
    const stack: Array<[Document | Element, number]> = [[document, 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop()!;
      deepest = Math.max(deepest, depth);
      for (const child of node.children) if (child.type === 'tag') stack.push([child as Element, depth + 1]);
    }
    expect(deepest).toBeLessThan(20);
  });
});
