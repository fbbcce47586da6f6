import { html } from './html';

describe('html', () => {
  it('escapes every interpolated string, so page content from users cannot become markup', () => {
    const line = `<script>alert("x")</script> & 'quotes'`;
    expect(html`<li title="${line}">${line}</li>`.value).toBe(
      '<li title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</li>',
    );
  });

  it('nests fragments and lists without escaping them twice, and drops null, undefined and false', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    const list = html`<ul>
      ${items}${null}${undefined}${false}
    </ul>`;
    // Whitespace between tags is the formatter's layout of the template, not rendered text.
    expect(list.value.replace(/>\s+</g, '><')).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
  });
});
