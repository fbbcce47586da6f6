import { extract } from './extract';
import { ExtractError } from './extract-error';

const URL = 'https://news.example.com/2024/05/story.html';

const paragraph = (topic: string) =>
  `<p>The committee spent the morning on ${topic}, weighing the costs, the benefits, and the long list of objections that residents had raised during the spring hearings, before agreeing to publish a revised plan.</p>`;

function page(article: string, { head = '', chrome = true } = {}): string {
  return `<!doctype html><html lang="en-GB"><head><title>Council approves plan | Example News</title>${head}</head><body>
    ${chrome ? `<header class="site-header"><nav><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li></ul></nav></header>` : ''}
    <div id="cookie-banner" class="cookie-consent">We use cookies to improve your experience. <button>Accept all</button></div>
    <main><article class="post">
      <h1>Council approves plan</h1>
      ${article}
      <div class="share-bar"><a href="https://facebook.com/share">Share on Facebook</a> <a href="https://twitter.com/share">Tweet this</a></div>
    </article>
    <section id="comments" class="comments"><h3>42 comments</h3><p>Reader one wrote a long comment that goes on and on about the plan, its costs and everything else that came to mind that day.</p></section>
    <aside class="related-articles"><h3>Related</h3><ul><li><a href="/a">Another story about budgets</a></li><li><a href="/b">Yet another story</a></li></ul></aside>
    </main>
    ${chrome ? `<footer><p>© 2024 Example News. All rights reserved.</p><a href="/privacy">Privacy</a></footer>` : ''}
    <script>window.analytics = { track: function () {} };</script>
  </body></html>`;
}

const body = [paragraph('the budget'), paragraph('the new bridge'), paragraph('school transport')].join('\n');

describe('extract', () => {
  it('keeps the article text and drops navigation, cookie banners, share bars, comments, related lists and footers', () => {
    const result = extract(page(body), { url: URL });
    expect(result.markdown).toContain('weighing the costs, the benefits');
    expect(result.markdown).toContain('school transport');
    for (const boilerplate of [
      'Home',
      'We use cookies',
      'Share on Facebook',
      'Tweet this',
      '42 comments',
      'Reader one',
      'Another story',
      'All rights reserved',
      'analytics',
    ]) {
      expect(result.markdown).not.toContain(boilerplate);
      expect(result.html).not.toContain(boilerplate);
    }
  });

  it('keeps tables as GitHub-flavoured Markdown tables', () => {
    const table = `<table><thead><tr><th>Item</th><th>Cost</th><th>Change</th></tr></thead>
      <tbody><tr><td>Bridge</td><td>£4m</td><td>+2%</td></tr><tr><td>Buses | trams</td><td>£1m</td><td>-1%</td></tr></tbody></table>`;
    const result = extract(page(body + table + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain(
      '| Item | Cost | Change |\n| --- | --- | --- |\n| Bridge | £4m | +2% |\n| Buses \\| trams | £1m | -1% |',
    );
  });

  it('keeps code blocks fenced with their language', () => {
    const code = `<pre><code class="language-typescript">const total = items.reduce((sum, item) =&gt; sum + item.cost, 0);
console.log(total);</code></pre><pre class="lang-python"><code>print("hello")</code></pre><pre>plain text block</pre>`;
    const result = extract(page(body + code + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain(
      '```typescript\nconst total = items.reduce((sum, item) => sum + item.cost, 0);\nconsole.log(total);\n```',
    );
    expect(result.markdown).toContain('```python\nprint("hello")\n```');
    expect(result.markdown).toContain('```\nplain text block\n```');
  });

  it('keeps strikethrough, lists, block quotes and headings', () => {
    const extra = `<h2>What changes</h2><ul><li>Longer opening hours for the library</li><li>New cycle lanes on the high street</li></ul>
      <blockquote><p>This is the most important decision of the decade, said the chair.</p></blockquote><p>The old plan was <del>final</del> revised.</p>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('## What changes');
    expect(result.markdown).toContain('-   Longer opening hours for the library');
    expect(result.markdown).toContain('> This is the most important decision of the decade');
    expect(result.markdown).toContain('~~final~~');
  });

  it('keeps figures but not their captions and photo credits', () => {
    const figure = `<figure><img src="/img/bridge.jpg" alt="The new bridge at dusk"><figcaption>The new bridge will open in 2026.</figcaption></figure>
      <div class="wp-caption"><img src="/img/hall.jpg" alt="Town hall"><p class="wp-caption-text">The town hall, seen from the square. Photographer name</p></div>
      <div class="image-box"><img src="/img/park.jpg" alt="Park"><div class="img-legend">The park in spring, before the works began.</div><span class="photo-credit">Picture agency</span></div>`;
    const result = extract(page(body + figure + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('![The new bridge at dusk](https://news.example.com/img/bridge.jpg)');
    expect(result.markdown).toContain('![Town hall](https://news.example.com/img/hall.jpg)');
    expect(result.markdown).not.toContain('The new bridge will open in 2026.');
    expect(result.markdown).not.toContain('seen from the square');
    expect(result.markdown).not.toContain('The park in spring');
    expect(result.markdown).not.toContain('Picture agency');

    const repeated = `<figure><img src="/img/vote.jpg" alt="Members raise their hands for the vote"><figcaption>Members raise their hands for the vote. Photo: Agency</figcaption></figure>`;
    const withAlt = extract(page(body + repeated + paragraph('the vote')), { url: URL });
    expect(withAlt.markdown).toContain('![](https://news.example.com/img/vote.jpg)');
    expect(withAlt.markdown).not.toContain('raise their hands');
    expect(result.markdown).toContain('the vote');
  });

  it('drops an author box (portrait, linked name, short biography), keeps a story that links an author page', () => {
    const box = `<div class="writer-card"><div class="pic"><img src="/img/jane.jpg" alt="Jane Doe"></div><div class="name"><a href="/author/jane-doe/">Jane Doe</a></div><div class="text">Jane Doe has written about city politics for twenty years and lives by the river.</div></div>`;
    const result = extract(page(body + paragraph('the vote') + box), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('city politics for twenty years');
    expect(result.markdown).not.toContain('jane.jpg');

    const mention = `<div><img src="/img/hall.jpg" alt="Town hall"><p>Read the interview our reporter <a href="/autor/jane-doe/">Jane Doe</a> held with the mayor before the vote.</p></div>`;
    const kept = extract(page(body + mention + paragraph('the vote')), { url: URL });
    expect(kept.markdown).toContain('held with the mayor before the vote');
  });

  it('keeps the captions of a gallery, where they are the text', () => {
    const slide = (n: number) =>
      `<figure><img src="/img/look-${n}.jpg" alt=""><figcaption><p>Look number ${n}: a tailored coat over a knitted dress, with ankle boots and a wide leather belt for the evening.</p></figcaption></figure>`;
    const gallery = `<p>Ten looks for the cold months.</p>${[1, 2, 3, 4, 5, 6].map(slide).join('')}`;
    const result = extract(page(gallery), { url: URL });
    expect(result.markdown).toContain('Look number 1: a tailored coat');
    expect(result.markdown).toContain('Look number 6: a tailored coat');
  });

  it('drops feeds of other stories (teaser articles) whatever their class names', () => {
    const teaser = (n: number) =>
      `<div class="col"><article class="card"><a href="/story-${n}"><img src="/t${n}.jpg" alt=""></a><h3><a href="/story-${n}">Teaser headline number ${n}</a></h3><p>A short summary of another story that links away from this page, number ${n}.</p></article></div>`;
    const grid = `<section class="wrapper"><div class="grid">${[1, 2, 3, 4, 5, 6].map(teaser).join('')}</div></section>`;
    const result = extract(page(body).replace('</main>', `${grid}</main>`), { url: URL });
    expect(result.markdown).toContain('school transport');
    expect(result.markdown).not.toContain('Teaser headline');
    expect(result.markdown).not.toContain('short summary of another story');
  });

  it('drops lists of teaser cards (linked image or heading and a short blurb) inside the article', () => {
    const card = (n: number) =>
      `<div class="item"><a href="/diet-${n}.html"><img src="/d${n}.jpg" alt="Diet ${n}"></a><p>Popular plan number ${n}: results within two weeks.</p></div>`;
    const list = `<h2>Most popular</h2><div class="box">${[1, 2, 3, 4, 5].map(card).join('')}</div>`;
    const result = extract(page(body + list + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('Popular plan number');
    expect(result.markdown).not.toContain('d3.jpg');
  });

  it('keeps a gallery of linked images and a listicle of long entries', () => {
    const photo = (n: number) =>
      `<li class="photo"><a href="/img/full-${n}.jpg"><img src="/img/thumb-${n}.jpg" alt="Bridge photo ${n}"></a></li>`;
    const entry = (n: number) =>
      `<div class="entry"><h3><a href="/places/${n}">Place number ${n}</a></h3>${paragraph(`place ${n}`)}${paragraph(`the history of place ${n}`)}${paragraph(`getting to place ${n}`)}</div>`;
    const result = extract(
      page(
        body + `<ul class="gallery">${[1, 2, 3].map(photo).join('')}</ul>` + [1, 2, 3].map(entry).join(''),
      ),
      { url: URL },
    );
    expect(result.markdown).toContain('thumb-2.jpg');
    expect(result.markdown).toContain('getting to place 3');
  });

  it('keeps a feed of teaser articles when the page is nothing else', () => {
    const teaser = (n: number) =>
      `<article><h2><a href="/story-${n}">Headline of story number ${n}</a></h2><p>The committee met again to talk about plan number ${n}, and residents raised their objections, one after another, until late.</p></article>`;
    const html = `<!doctype html><html><head><title>Latest</title></head><body><main><h1>Latest news</h1><div>${[1, 2, 3, 4, 5].map(teaser).join('')}</div></main></body></html>`;
    const result = extract(html, { url: 'https://news.example.com/latest' });
    expect(result.markdown).toContain('plan number 1');
    expect(result.markdown).toContain('plan number 5');
  });

  it('leaves alt text empty when it repeats a sentence shown in the article, and keeps short or new alt text', () => {
    const caption = 'The mayor, left, and the chair of the committee open the new bridge on Tuesday morning.';
    const figure = `<div class="photo"><img src="/img/a.jpg" alt="${caption} Photo: Jane Doe / Example Agency. All rights reserved."><p>${caption}</p></div>`;
    const other = `<img src="/img/b.jpg" alt="A view of the river from the old town hall tower">`;
    const result = extract(page(body + figure + other + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('![](https://news.example.com/img/a.jpg)');
    expect(result.markdown.split('open the new bridge').length).toBe(2);
    expect(result.markdown).toContain(
      '![A view of the river from the old town hall tower](https://news.example.com/img/b.jpg)',
    );
  });

  it('drops blocks that are only a widget label (caption toggles, read more, you may also like)', () => {
    const widgets = `<div class="gallery-controls"><p class="open">Caption</p><p class="x">Close</p></div><h3>You may also like</h3><div>1 of 6</div>`;
    const result = extract(page(body + widgets + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('the vote');
    for (const label of ['Caption', 'Close', 'You may also like', '1 of 6'])
      expect(result.markdown).not.toContain(label);
  });

  it('drops "Related:" and "READ MORE:" pointers to other stories, also set as quotes, but keeps sentences with a colon', () => {
    const pointers = `<p><strong>Related:</strong> <a href="/other">Budget talks collapse after late-night session</a></p>
      <p><b>READ MORE:</b> <a href="/more">Council leader resigns over the bridge</a></p>
      <p>More importantly: the <a href="/plan">plan</a> now goes to the mayor, who has until June to sign it into law.</p>
      <blockquote><b>SEE ALSO:</b> <a href="/schools">School buses run late again</a></blockquote>
      <blockquote>“We have waited long enough,” said the mayor.</blockquote>`;
    const result = extract(page(body + pointers + paragraph('the vote')), { url: URL });
    expect(result.markdown).not.toContain('Budget talks collapse');
    expect(result.markdown).not.toContain('Council leader resigns');
    expect(result.markdown).not.toContain('School buses run late');
    expect(result.markdown).toContain('We have waited long enough');
    expect(result.markdown).toContain('now goes to the mayor');
  });

  it('drops numbered lists of links to other stories but keeps numbered steps', () => {
    const mostRead = `<ol><li><a href="/a">Actor's wife killed; son shot by deputies</a></li><li><a href="/b">Man finds animal blood flooding basement</a></li><li><a href="/c">Storm closes the ring road again</a></li></ol>`;
    const steps = `<ol><li>Fill the canner with water and set it to simmer while the jars warm.</li><li>Core, peel and cube the pears, then boil them with the lemon juice.</li><li>Spoon the jam into the jars.</li></ol>`;
    const result = extract(page(body + steps + paragraph('the vote') + mostRead), { url: URL });
    expect(result.markdown).not.toContain('flooding basement');
    expect(result.markdown).toContain('1.  Fill the canner');
  });

  it('drops a heading that announces other stories together with the link list under it', () => {
    const more = `<div class="heading-h3">More great stories</div><ul><li>Drivers must unionize, <a href="/a">no matter what the firm says</a></li><li>Ads are not the problem. <a href="/b">Our perceptions are</a></li></ul>
      <p><strong>DON'T MISS</strong></p><p><a href="/c">Mayor furious at leak</a> [INSIGHT]<br><a href="/d">Bridge vote delayed</a> [VIDEO]</p>`;
    const result = extract(page(body + paragraph('the vote') + more), { url: URL });
    for (const text of ['More great stories', 'Drivers must unionize', "DON'T MISS", 'Bridge vote delayed'])
      expect(result.markdown).not.toContain(text);
    expect(result.markdown).toContain('the vote');
  });

  it('drops microdata datelines and rel="tag" lists but keeps tag links inside sentences', () => {
    const meta = `<span class="data" itemprop="datePublished">segunda-feira, 22 de janeiro de 2018 às 0:13</span>
      <p>Residents can read about <a href="/tags/transport" rel="tag">transport</a> plans in the library from Monday, the council said in its statement.</p>
      <strong>Etiquetas<br><a href="/tag/budget" rel="tag">budget 2024</a>, <a href="/tag/bridge" rel="tag">new bridge</a></strong>`;
    const result = extract(page(body + meta + paragraph('the vote')), { url: URL });
    expect(result.markdown).not.toContain('janeiro');
    expect(result.markdown).not.toContain('Etiquetas');
    expect(result.markdown).not.toContain('budget 2024');
    expect(result.markdown).toContain('[transport](https://news.example.com/tags/transport) plans');
  });

  it('drops dateline-only blocks and a title heading under a dateline, but keeps live-blog times', () => {
    const article = `<div>2024-05-02</div><h1>Council approves plan</h1>${body}<ul><li>18 Nov 2019, 19:09</li><li>Updated: November 18, 2019 8:22AM EST</li></ul>
      <p>4:14 p.m.</p>${paragraph('the vote')}`;
    const html = page(article).replace('<h1>Council approves plan</h1>', '');
    const result = extract(html, { url: URL });
    for (const text of ['2024-05-02', '# Council approves plan', '19:09', 'Updated'])
      expect(result.markdown).not.toContain(text);
    expect(result.markdown).toContain('4:14 p.m.');
  });

  it('drops a leading heading that repeats the title, in other words too, and keeps one that does not', () => {
    const repeated = extract(page(body), { url: URL });
    expect(repeated.title).toBe('Council approves plan');
    expect(repeated.markdown).not.toContain('# Council approves plan');

    const reworded = page(body).replace(
      '<h1>Council approves plan</h1>',
      '<h1>The council approves its plan</h1>',
    );
    expect(extract(reworded, { url: URL }).markdown).not.toContain('# The council approves its plan');

    const different = page(body).replace('<h1>Council approves plan</h1>', '<h1>Late content</h1>');
    expect(extract(different, { url: URL }).markdown).toMatch(/^# Late content\n/);
  });

  it("drops a consent platform's dialog (cmp-) but keeps a site component whose class starts with cmp_", () => {
    const notice = `<div class="cmp_notification">To submit an article you must be registered and signed in to the journal's site.</div>`;
    const dialog = `<div class="cmp-container"><p>We and our partners store and access information on your device for personalised ads and content.</p></div>`;
    const result = extract(page(body + notice + dialog + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('must be registered and signed in');
    expect(result.markdown).not.toContain('our partners store');
  });

  it('drops a cookie consent dialog however much policy prose it holds, in any language', () => {
    const policy = (words: string) =>
      `<p>${words} Diese Cookies sind unbedingt erforderlich, um Ihnen die auf unserer Webseite verfügbaren Dienste und Funktionen zur Verfügung zu stellen und Ihre Einstellungen zu speichern.</p>`;
    const dialog = `<div class="sp-dsgvo-popup-overlay"><div>${policy('Notwendig.')}${policy('Statistik.')}${policy('Marketing.')}${policy('Externe Medien.')}</div></div>`;
    const result = extract(page(body).replace('<main>', `${dialog}<main>`), { url: URL });
    expect(result.markdown).toContain('school transport');
    expect(result.markdown).not.toContain('Diese Cookies');
  });

  it('drops related-story headings with their links, widget labels and credit lines in German, French, Spanish and Polish', () => {
    const links = `<ul><li><a href="/a">Der Haushalt im Detail</a></li><li><a href="/b">Die neue Brücke kommt</a></li></ul>`;
    const article = `${body}<p>Foto: Agentur Beispiel</p><p>Seite teilen</p><p>Partager</p><p>Compartir</p><p>Udostępnij</p>
      <p>Lesen Sie hier: <a href="/c">Die Brücke im Detail erklärt</a></p><p>Veröffentlichung: 2. Februar 2022</p><p>Über den Autor</p><p>Verwandte Themenbereiche</p>
      <h3>Mehr zum Thema</h3>${links}<h3>À lire aussi</h3>${links.replace(/Der|Die/g, 'Le')}`;
    const result = extract(page(article), { url: URL });
    expect(result.markdown).toContain('school transport');
    for (const text of [
      'Foto: Agentur',
      'Seite teilen',
      'Partager',
      'Compartir',
      'Udostępnij',
      'Lesen Sie hier',
      'Veröffentlichung',
      'Über den Autor',
      'Verwandte Themenbereiche',
      'Mehr zum Thema',
      'Haushalt',
      'lire aussi',
    ])
      expect(result.markdown).not.toContain(text);
  });

  it('keeps the lead paragraph set apart above the body, but not a lead image', () => {
    const lead = `<div class="article-intro"><p>The council approved the plan on Tuesday night after a debate that lasted well into the early hours.</p></div>`;
    const image = `<div class="lead-media"><img src="/bridge.jpg" alt=""><p>A photograph of the old bridge over the river, seen from the north bank.</p></div>`;
    const html = `<html><head><title>Council approves plan</title></head><body><main><article>
      <div class="article-header"><h1>Council approves plan</h1>${image}<div class="article-intro-wrapper">${lead}</div></div>
      <div class="article-content"><div class="text">${body}${paragraph('the vote')}${paragraph('the library')}</div></div>
      <div class="article-footer"><ul>${['Budget', 'Bridge', 'Schools', 'Library', 'Parks', 'Roads'].map((topic) => `<li><a href="/${topic}">More about ${topic} in our city</a></li>`).join('')}</ul></div>
      </article></main></body></html>`;
    const { markdown } = extract(html, { url: URL });
    expect(markdown.startsWith('The council approved the plan on Tuesday night')).toBe(true);
    expect(markdown).toContain('school transport');
    expect(markdown).not.toContain('photograph of the old bridge');
  });

  it('takes the standfirst, not a picture description nearer the body, as the lead', () => {
    const html = `<html><head><title>Council approves plan</title></head><body><main><article>
      <div class="article-header"><h1>Council approves plan</h1><p class="lead">The council approved the plan on Tuesday night after a debate that lasted well into the early hours.</p></div>
      <div class="article-body"><div class="visual"><p class="image-description">The council chamber on Tuesday night, photographed from the public gallery above.</p></div>
      <div class="text">${body}${paragraph('the vote')}${paragraph('the library')}</div></div>
      </article></main></body></html>`;
    const { markdown } = extract(html, { url: URL });
    expect(markdown.startsWith('The council approved the plan on Tuesday night')).toBe(true);
    expect(markdown).toContain('school transport');
  });

  it("keeps the standfirst from a page header that holds the headline, but not a site header's tagline", () => {
    const html = (header: string) => `<html><head><title>Council approves plan</title></head><body>
      <header class="site-header">${header}</header>
      <div class="page"><div class="text">${body}${paragraph('the vote')}</div></div></body></html>`;
    const lead = `<p class="text-lead">The council approved the plan on Tuesday night after a debate that lasted well into the early hours.</p>`;
    expect(
      extract(html(`<h1>Council approves plan</h1><div class="lead-wrap">${lead}</div>`), {
        url: URL,
      }).markdown.startsWith('The council approved the plan on Tuesday night'),
    ).toBe(true);
    expect(extract(html(`<a href="/">Example News</a>${lead}`), { url: URL }).markdown).not.toContain(
      'The council approved the plan',
    );
  });

  it("keeps the standfirst from the article's header, not the header's byline and date", () => {
    const html = `<html><head><title>Council approves plan</title></head><body><main><article>
      <header class="entry-header"><h1>Council approves plan</h1><p class="byline">By A. Reporter, 12 May 2024</p>
      <div class="entry-excerpt"><p>The council approved the plan on Tuesday night after a debate that lasted well into the early hours.</p></div></header>
      <div class="entry-content">${body}${paragraph('the vote')}${paragraph('the library')}</div>
      </article></main></body></html>`;
    const { markdown } = extract(html, { url: URL });
    expect(markdown.startsWith('The council approved the plan on Tuesday night')).toBe(true);
    expect(markdown).toContain('school transport');
    expect(markdown).not.toContain('A. Reporter');
  });

  it('keeps a standfirst set as a heading when it is a sentence, but not a short subtitle heading', () => {
    const html = (
      deck: string,
    ) => `<html><head><title>Council approves plan</title></head><body><main><article>
      <h1>Council approves plan</h1><h2 class="article-deck">${deck}</h2>
      <div class="article-content"><div class="text">${body}${paragraph('the vote')}${paragraph('the library')}</div></div>
      </article></main></body></html>`;
    const long = extract(
      html(
        'After a night of debate the council approved the bridge plan, with two members voting against it and one abstaining.',
      ),
      { url: URL },
    );
    expect(long.markdown.startsWith('## After a night of debate the council approved')).toBe(true);
    const short = extract(html('A long night in the town hall'), { url: URL });
    expect(short.markdown).not.toContain('A long night in the town hall');
    expect(short.markdown).toContain('school transport');
  });

  it("keeps the standfirst that follows the headline in the article header's <hgroup>, not a short subtitle", () => {
    const html = (
      standfirst: string,
    ) => `<html><head><title>Council approves plan</title></head><body><main><article>
      <header><hgroup><h3>Exampletown</h3><h1>Council approves plan</h1><h2>${standfirst}</h2></hgroup></header>
      <div class="grid"><div class="column"><div class="text">${body}${paragraph('the vote')}</div></div></div>
      </article></main></body></html>`;
    const long = extract(
      html(
        'After a night of debate the council approved the bridge plan, with two members voting against it and one abstaining.',
      ),
      { url: URL },
    );
    expect(long.markdown).toContain('## After a night of debate the council approved');
    expect(long.markdown).toContain('school transport');
    const short = extract(html('A long night in the town hall'), { url: URL });
    expect(short.markdown).not.toContain('A long night in the town hall');
  });

  it('keeps a standfirst marked as a lead that holds only a sentence-long heading', () => {
    const html = `<html><head><title>Council approves plan</title></head><body><main><article>
      <h1>Council approves plan</h1><div class="article-lead"><h2>After a night of debate the council approved the bridge plan, with two members voting against it and one abstaining.</h2></div>
      <div class="ad-slot"></div><div class="article-text">${body}${paragraph('the vote')}${paragraph('the library')}</div>
      </article></main></body></html>`;
    const { markdown } = extract(html, { url: URL });
    expect(markdown.startsWith('## After a night of debate the council approved')).toBe(true);
    expect(markdown).toContain('school transport');
  });

  it('reads a story that a page builder splits over rows, from the first row to the longest', () => {
    const row = (content: string) =>
      `<div class="builder-row"><div class="builder-column"><div class="text-block">${content}</div><div class="image-block"><img src="/bridge.jpg" alt=""></div></div></div>`;
    const html = `<html><head><title>Council approves plan</title></head><body><main>
      <h1>Council approves plan</h1>
      ${row(paragraph('the opening statement'))}
      ${row(body + paragraph('the vote'))}
      ${row('<p>Support our newsroom: a small monthly donation keeps local reporting free for every reader in town.</p>')}
      </main></body></html>`;
    const { markdown } = extract(html, { url: URL });
    expect(markdown).toContain('the opening statement');
    expect(markdown).toContain('the vote');
    expect(markdown).not.toContain('Support our newsroom');
  });

  it('reads page-builder rows that carry a modifier class as rows of the story, but not a neighbouring column', () => {
    const block = (classes: string, content: string) =>
      `<div class="${classes}"><div class="builder-column"><div class="text-block">${content}</div><div class="image-block"><img src="/harbour.jpg" alt=""></div></div></div>`;
    const html = (
      first: string,
      second: string,
    ) => `<html><head><title>Council approves plan</title></head><body><main>
      <h1>Council approves plan</h1>
      ${block(first, '<p>The club house of the sailing club opens at nine on weekdays and stays shut at weekends until the spring.</p>')}
      ${block(second, `<h2>The vote</h2>${body}${paragraph('the vote')}`)}
      </main></body></html>`;
    const rows = extract(
      html('builder-row builder-row-wide', 'builder-row builder-row-wide grey-background has-title'),
      {
        url: URL,
      },
    );
    expect(rows.markdown).toContain('The club house of the sailing club');
    expect(rows.markdown).toContain('the vote');
    const columns = extract(html('panel panel-first', 'panel panel-last'), { url: URL });
    expect(columns.markdown).toContain('the vote');
    expect(columns.markdown).not.toContain('The club house of the sailing club');
  });

  it('drops headings at the end of the content that introduce nothing, and keeps those that introduce text', () => {
    const html = page(`<h2>The plan</h2>${body}<h2>Harbour desk picks</h2><h3>From the archive</h3>`);
    const { markdown } = extract(html, { url: URL });
    expect(markdown).toContain('## The plan');
    expect(markdown).toContain('school transport');
    expect(markdown).not.toContain('Harbour desk picks');
    expect(markdown).not.toContain('From the archive');
    const introduced = extract(page(`${body}<h2>Harbour desk picks</h2>${paragraph('the archive')}`), {
      url: URL,
    });
    expect(introduced.markdown).toContain('## Harbour desk picks');
  });

  it('reads a story that the page wraps in an <aside> when the aside holds its declared schema.org article', () => {
    const html = (itemtype: string) => `<html><head><title>Council approves plan</title></head><body><main>
      <aside class="direct-content"><section itemscope itemtype="${itemtype}"><h1>Council approves plan</h1>
      <div class="story-text">${body}</div></section></aside>
      <div class="page-text">${paragraph('the weather')}${paragraph('the football')}${paragraph('the market')}${paragraph('the fair')}${paragraph('the parks')}${paragraph('the roads')}</div>
      </main></body></html>`;
    expect(extract(html('http://schema.org/NewsArticle'), { url: URL }).markdown).toContain(
      'school transport',
    );
    expect(extract(html('http://schema.org/Person'), { url: URL }).markdown).not.toContain(
      'school transport',
    );
  });

  it('reads the story from its no-script fallback when a script would render it, but not short no-script notices', () => {
    const article = `<div class="post-body"><script type="text/template">${body}</script><noscript>${body}${paragraph('the vote')}</noscript>
      <noscript><p>Please enable JavaScript to see the comments.</p></noscript></div>`;
    const result = extract(page(article), { url: URL });
    expect(result.markdown).toContain('weighing the costs, the benefits');
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('enable JavaScript');
  });

  it('reads the JSON-LD articleBody of a script-rendered page whose markup shows only a teaser', () => {
    const story = [1, 2, 3, 4, 5]
      .map(
        (n) =>
          `Paragraph ${n} of the declared story: the council weighed the costs and the benefits of the new bridge for a long time.`,
      )
      .join('\n');
    const jsonLd = `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', headline: 'Council approves plan', articleBody: story })}</script>`;
    const shell = extract(
      page('<p>Paragraph 1 of the declared story: the council weighed the costs.</p>', { head: jsonLd }),
      {
        url: URL,
      },
    );
    expect(shell.markdown).toContain('Paragraph 5 of the declared story');
    expect(shell.markdown).toContain(
      'Paragraph 2 of the declared story: the council weighed the costs and the benefits',
    );

    const full = extract(page(body + paragraph('the vote'), { head: jsonLd }), { url: URL });
    expect(full.markdown).toContain('school transport');
    expect(full.markdown).not.toContain('declared story');
  });

  it('drops affiliate and editorial disclaimers inside the article', () => {
    const extra = `<p class="affiliate-disclaimer">The links on this page are affiliate links: we may earn a commission.</p>
      <section class="editorial-disclosure"><p>This post contains references to products from our partners.</p></section>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('affiliate links');
    expect(result.markdown).not.toContain('references to products');
  });

  it('drops comment sections named in German, French, Spanish or Polish, however long the comments', () => {
    const comment = `<p>Reader one wrote a long comment that goes on and on about the plan, its costs and everything else that came to mind that day, at length.</p>`;
    for (const name of ['kommentarModul', 'kommentare', 'commentaires', 'comentarios', 'komentarze']) {
      const extra = `<div id="${name}" class="${name}"><h3>3 Kommentare</h3><p class="strong">Zum Kommentieren bitte anmelden.</p>${comment.repeat(3)}</div>`;
      const result = extract(page(body + paragraph('the vote') + extra), { url: URL });
      expect(result.markdown).toContain('the vote');
      expect(result.markdown).not.toContain('Zum Kommentieren');
      expect(result.markdown).not.toContain('Reader one');
    }
  });

  it('drops a caption that ends with its photo credit, but not a sentence that mentions a photo', () => {
    const extra = `<div class="visual-text"><span>The three school terms of the year, as the ministry set them out. Foto: Agentur Beispiel</span></div>
      <p>The new photo: a council chamber full of residents, and a vote that went on until midnight.</p>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('Foto: Agentur Beispiel');
    expect(result.markdown).toContain('a council chamber full of residents');
  });

  it('leaves the alt text of an image empty when it is a caption with a photo credit', () => {
    const image = `<p><img src="/chamber.jpg" alt="Masks are required in the chamber. Foto: ccnull/A. Name/cc by sa 2.0"></p>`;
    const { markdown } = extract(page(image + body), { url: URL });
    expect(markdown).toContain('![](https://news.example.com/chamber.jpg)');
    expect(markdown).not.toContain('Foto:');
  });

  it("drops notices about the article (a community post, the editors' disclaimer)", () => {
    const before = `<div class="column community-notice notice-before-text">This post is a blog from our reader community.</div>`;
    const after = `<div class="column community-notice notice-after-text">This post gives the author's opinion, not necessarily the editors'.</div>`;
    const result = extract(page(before + body + paragraph('the vote') + after), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('reader community');
    expect(result.markdown).not.toContain("author's opinion");
  });

  it("drops a table of contents, an embed's consent placeholder and a back link", () => {
    const toc = `<div id="toc_container"><p class="toc_title">Contents</p><ul class="toc_list"><li><a href="#budget">The budget</a></li><li><a href="#bridge">The bridge</a></li><li><a href="#schools">School transport</a></li></ul></div>`;
    const embed = `<div class="third-party-services--placeholder"><div class="message">We respect your privacy: the video loads from its provider only once you agree.</div></div>`;
    const back = `<div class="press-detail-back-link"><a href="/newsroom">Back to the newsroom</a></div>`;
    const result = extract(page(toc + body + embed + paragraph('the vote') + back), { url: URL });
    expect(result.markdown).toContain('the vote');
    for (const text of ['The bridge', 'We respect your privacy', 'Back to the newsroom'])
      expect(result.markdown).not.toContain(text);
  });

  it('reads widget words in camelCase class names (relatedPost, AuthorBox)', () => {
    const related = `<div class="relatedPost"><p>Budget talks collapse after a late-night session in the town hall, as the opposition walks out.</p></div>`;
    const author = `<div class="Review__AuthorBox"><p>A. Reporter covers the town hall and tests kitchen gadgets when the council is not sitting.</p></div>`;
    const result = extract(page(body + related + paragraph('the vote') + author), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('Budget talks collapse');
    expect(result.markdown).not.toContain('tests kitchen gadgets');
  });

  it('drops teaser grids and related-link blocks named as one word (Teasers, relatedlinks)', () => {
    const teasers = `<div class="Teasers Teasers--3columns"><h2 class="Teasers-headline">More on the climate</h2><p>Why the river floods more often now, and what the town can still do about it before next winter.</p></div>`;
    const related = `<section class="relatedlinks block"><h2>Discover now</h2><p>The budget explained: every line of next year's spending plan, and who decided it in the end.</p></section>`;
    const result = extract(page(body + paragraph('the vote') + teasers + related), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('river floods');
    expect(result.markdown).not.toContain('every line of next year');
  });

  it("drops a product page's customer reviews", () => {
    const reviews = `<div class="product-reviews"><h3>Reviews</h3><div class="newreview"><p>Tell us how you liked it once you have tried it, and help other customers choose.</p></div></div>`;
    const result = extract(page(body + paragraph('the vote') + reviews), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('Tell us how you liked it');
  });

  it('drops a link box that points readers elsewhere from inside a paragraph', () => {
    const box = `<p><span class="linkbox_large"><strong>Our magazine is now digital too!</strong> <a href="/register">Register here for the digital edition.</a></span></p>`;
    const result = extract(page(body + box + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('now digital too');
  });

  it('drops an article rating widget', () => {
    const extra = `<div class="rating" id="ratingContainer1"><span class="category">Rate this article</span><div class="stars"><a href="#1">1</a><a href="#2">2</a></div><p>4.2 out of 5 from 31 votes</p></div>`;
    const result = extract(page(body + paragraph('the vote') + extra), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('Rate this article');
    expect(result.markdown).not.toContain('31 votes');
  });

  it("drops a blog post's filing line and its likes counter", () => {
    const extra = `<div class="entry-utility">This entry was posted in <a href="/category/news" rel="category tag">News</a>. Bookmark the <a href="/2024/05/story.html">permalink</a>.</div>
      <p class="postmetadata alt">Der Beitrag wurde am Montag, den 6. Mai 2024 um 08:00 Uhr veröffentlicht und wurde unter <a href="/category/stadt">Stadt</a> abgelegt.</p>
      <div id="likes-other-gravatars"><div class="likes-text"><span>12</span> bloggers like this:</div><ul class="like-avatars"></ul></div>`;
    const result = extract(page(body + paragraph('the vote') + extra), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('This entry was posted');
    expect(result.markdown).not.toContain('Der Beitrag wurde am');
    expect(result.markdown).not.toContain('bloggers like this');
  });

  it('keeps sections named for the ads between them inside a declared articleBody, but drops the ad slots', () => {
    const section = (topic: string) =>
      `<section class="report__section report__section--ads">${paragraph(topic)}</section>`;
    const article = `<div itemprop="articleBody">${section('the budget')}<div class="ad-slot ads"><a href="https://ads.example.com/x">Buy now</a></div>${section('the new bridge')}${section('school transport')}</div>`;
    const result = extract(page(article), { url: URL });
    expect(result.markdown).toContain('on the budget');
    expect(result.markdown).toContain('on the new bridge');
    expect(result.markdown).toContain('school transport');
    expect(result.markdown).not.toContain('Buy now');
  });

  it('drops calls to follow or subscribe in the languages of the pages, but not sentences that mention them', () => {
    const extra = `<p>Folgen Sie uns auf <a href="https://social.example.com/news">Instagram</a> und verpassen Sie keine Meldung mehr.</p>
      <p>¿Ya sabías que tenemos canal de Telegram? Únete desde tu celular.</p>
      <p>Follow Example News on Twitter and Instagram. Send us your photos of the works.</p>
      <p>The council said residents can subscribe to updates about the works by post.</p>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    expect(result.markdown).not.toContain('Folgen Sie uns');
    expect(result.markdown).not.toContain('canal de Telegram');
    expect(result.markdown).not.toContain('Follow Example News');
    expect(result.markdown).toContain('residents can subscribe to updates');
  });

  it('drops lines that declare themselves advertisements, but not sentences about advertising', () => {
    const extra = `<p>ANZEIGE - Heute mal essen gehen? Wie wäre es mit unserem Partner:</p>
      <p>*Werbung. Dieser Beitrag enthält Werbung für eine Marke.</p>
      <p>Advertisement: the council spent more on advertising the plan than on the survey.</p>
      <p>Advertising on the new bridge will be banned, the council said.</p>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    expect(result.markdown).not.toContain('ANZEIGE');
    expect(result.markdown).not.toContain('enthält Werbung');
    expect(result.markdown).not.toContain('more on advertising the plan');
    expect(result.markdown).toContain('Advertising on the new bridge will be banned');
  });

  it('drops a block of metadata lines (date, category) broken by <br>, but not lines of the story', () => {
    const meta = `<div class="info">03.02.2024 09:15<br>Kategorie: <a href="/news">News</a></div>`;
    const poem = `<div class="verse">On the 24th of May 2022<br>the council met again, and talked until the night was over.</div>`;
    const result = extract(page(meta + body + poem), { url: URL });
    expect(result.markdown).toContain('school transport');
    expect(result.markdown).not.toContain('Kategorie');
    expect(result.markdown).toContain('the council met again');
  });

  it('drops a short category line without links, but not a sentence that starts with the word', () => {
    const extra = `<p>Kategorie: Nachrichten</p><p>Category : Press Releases</p>
      <p>Categories: the council sorted the objections into five groups, from noise to the cost of the new bridge.</p>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    expect(result.markdown).not.toContain('Kategorie');
    expect(result.markdown).not.toContain('Press Releases');
    expect(result.markdown).toContain('sorted the objections into five groups');
  });

  it('keeps embedded social posts even when their wrapper is named like a share widget', () => {
    const tweet = `<div class="social-media-embed"><blockquote class="twitter-tweet"><p lang="en">Yes this is real and the council spent half a million on it: <a href="https://t.co/x">https://t.co/x</a></p>&mdash; A Resident (@resident) <a href="https://twitter.com/resident/status/1">November 18, 2019</a></blockquote></div>`;
    const result = extract(page(body + tweet + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain('Yes this is real and the council spent half a million on it');
    expect(result.markdown).toContain('A Resident (@resident)');
  });

  it('drops screen-reader-only labels and pagination', () => {
    const extra = `<p><span class="off-screen">Image caption</span> The chair signs the plan in the town hall</p>
      <div class="nav-pages"><b>1</b> <a href="?p=2">2</a> <a href="?p=3">3</a> <a href="?p=4">4</a> <a href="?p=2">»</a></div>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    expect(result.markdown).not.toContain('Image caption');
    expect(result.markdown).toContain('The chair signs the plan in the town hall');
    expect(result.markdown).not.toContain('?p=3');
  });

  it('drops labelled pointers whose label is long, single tag lines and long datelines', () => {
    const extra = `<p>Related Roundup: <a href="/roundup/bridges">Bridges of the county</a></p><p>Tag: <a href="/tag/council">council.gov</a></p>
      <p>First Published: Tuesday, November 19, 2019 08:38 AM</p>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    for (const text of ['Bridges of the county', 'council.gov', 'First Published'])
      expect(result.markdown).not.toContain(text);
  });

  it('drops copyright blocks that are not in a <footer>', () => {
    const html = page(body + paragraph('the vote')).replace(
      '</main>',
      '</main><div class="copyright-wrp"><p>Example News, 1 High Street, Exampletown | 0123 456 789 tel</p><p>The contents of this site are ©2024 Example Publishing Ltd, a subsidiary of Example Holdings.</p></div>',
    );
    const result = extract(html.replace(/<footer>.*<\/footer>/s, ''), { url: URL });
    expect(result.markdown).toContain('the vote');
    expect(result.markdown).not.toContain('High Street');
    expect(result.markdown).not.toContain('Example Publishing');
  });

  it('drops empty links and writes image links on one line', () => {
    const links = `<p>The base is <a href="/located">strategically located</a> <a href="/icon"> </a> near the river, the council said on Tuesday in a statement.</p>
      <a href="/deal"><div class="wrap"><img src="/img/deal.jpg" alt="Deal"></div></a><p>The price of the controller has already dropped ahead of the sales weekend.</p>`;
    const result = extract(page(body + links + paragraph('the vote')), { url: URL });
    expect(result.markdown).toContain(
      '[strategically located](https://news.example.com/located) near the river',
    );
    expect(result.markdown).not.toContain('/icon');
    expect(result.markdown).toContain(
      '[![Deal](https://news.example.com/img/deal.jpg)](https://news.example.com/deal)',
    );
  });

  it('drops the site promoting itself without a link, keeps news about subscriptions', () => {
    const extra = `<p>Sign up to our newsletter for exclusive updates and enhanced content</p><p><strong><em>Like this story? Share it with a friend!</em></strong></p>
      <p>Residents who subscribe to the bus pass will pay less from June.</p>`;
    const result = extract(page(body + extra + paragraph('the vote')), { url: URL });
    expect(result.markdown).not.toContain('Sign up to our newsletter');
    expect(result.markdown).not.toContain('Share it with a friend');
    expect(result.markdown).toContain('Residents who subscribe to the bus pass');
  });

  it('makes links and images absolute against the final URL and <base href>', () => {
    const links = `<p>Read the <a href="../reports/plan.pdf">full report</a> and the <a href="#notes">notes</a>, or see <img src="chart.png" alt="Chart"> and <img data-src="//cdn.example.net/lazy.jpg" src="data:image/gif;base64,R0lGOD" alt="Lazy">, which the council published this morning for everyone.</p>`;
    const result = extract(page(body + links), { url: URL });
    expect(result.markdown).toContain('[full report](https://news.example.com/2024/reports/plan.pdf)');
    expect(result.markdown).toContain('[notes](https://news.example.com/2024/05/story.html#notes)');
    expect(result.markdown).toContain('![Chart](https://news.example.com/2024/05/chart.png)');
    expect(result.markdown).toContain('![Lazy](https://cdn.example.net/lazy.jpg)');

    const based = extract(page(body + links, { head: '<base href="https://static.example.org/docs/">' }), {
      url: URL,
    });
    expect(based.markdown).toContain('[full report](https://static.example.org/reports/plan.pdf)');
    expect(based.html).toContain('href="https://static.example.org/reports/plan.pdf"');
  });

  it('reads title, language, byline and publication time', () => {
    const head = `<meta property="og:title" content="Council approves the plan"><meta name="author" content="Jane Reporter">
      <meta property="article:published_time" content="2024-05-02T09:30:00+01:00">`;
    const result = extract(page(body, { head }), { url: URL });
    expect(result).toMatchObject({
      title: 'Council approves the plan',
      language: 'en-GB',
      byline: 'Jane Reporter',
      publishedAt: '2024-05-02T08:30:00.000Z',
    });
    expect(result.markdown).not.toContain('# Council approves plan');
  });

  it('gives the useful text of pages that are not articles', () => {
    const listing = `<!doctype html><html><head><title>Shop</title></head><body><nav><a href="/">Home</a></nav><main>
      <h1>Garden tools</h1><div class="product"><h2>Spade</h2><span>£20</span></div><div class="product"><h2>Rake</h2><span>£15</span></div>
      <div class="product"><h2>Hoe</h2><span>£12</span></div></main></body></html>`;
    const result = extract(listing, { url: 'https://shop.example.com/garden' });
    expect(result.markdown).toContain('Spade');
    expect(result.markdown).toContain('Rake');
    expect(result.markdown).toContain('£12');
  });

  it('writes decomposed accented letters composed (NFC), as readers search for them', () => {
    const decomposed =
      '<p>Die Gru\u0308nen fordern eine Pru\u0308fung der Kosten, bevor der Rat im Fru\u0308hjahr u\u0308ber den Plan fu\u0308r die neue Bru\u0308cke entscheidet und die Anwohner anho\u0308rt.</p>';
    const result = extract(page(decomposed + body), { url: URL });
    expect(result.markdown).toContain('Die Gr\u00fcnen fordern eine Pr\u00fcfung der Kosten');
    expect(result.html).toContain('Br\u00fccke');
    expect(result.markdown).not.toContain('\u0308');
  });

  it('drops Italian, Dutch and Portuguese widget labels, bylines, link teasers and follow calls like the English ones', () => {
    const italian =
      '<p>Il consiglio comunale ha discusso per tutta la mattina il bilancio, i costi del nuovo ponte e le obiezioni dei residenti, prima di approvare un piano rivisto.</p>';
    const dutch =
      '<p>De gemeenteraad besprak de hele ochtend de begroting, de kosten van de nieuwe brug en de bezwaren van de bewoners, voordat een herzien plan werd goedgekeurd.</p>';
    const portuguese =
      '<p>A câmara municipal discutiu durante toda a manhã o orçamento, os custos da nova ponte e as objeções dos moradores, antes de aprovar um plano revisto.</p>';
    const boilerplate = [
      '<p>Pubblicato il 3 marzo 2024</p>',
      '<p>Condividi</p>',
      '<p>Lees ook: <a href="/andere">Nieuwe brug kost meer dan gepland</a></p>',
      '<h3>Meest gelezen</h3><ul><li><a href="/a">Eerste verhaal</a></li><li><a href="/b">Tweede verhaal</a></li></ul>',
      '<p><a href="https://social.example.com/krant">Siga-nos nas redes sociais</a></p>',
      '<p>Publicidade</p>',
    ];
    const result = extract(page([italian, boilerplate.join(''), dutch, portuguese, body].join('\n')), {
      url: URL,
    });
    for (const prose of [
      'il bilancio, i costi del nuovo ponte',
      'de kosten van de nieuwe brug',
      'os custos da nova ponte',
    ])
      expect(result.markdown).toContain(prose);
    for (const line of [
      'Pubblicato il',
      'Condividi',
      'Lees ook',
      'Nieuwe brug kost',
      'Meest gelezen',
      'Eerste verhaal',
      'Siga-nos',
      'Publicidade',
    ])
      expect(result.markdown).not.toContain(line);
  });

  it('reads ruby-annotated words without their readings', () => {
    const annotated =
      '<p>The sign by the river said <ruby>川<rp>(</rp><rt>かわ</rt><rp>)</rp></ruby><ruby>沿<rt>ぞ</rt></ruby>いの<ruby>道<rt>みち</rt></ruby>, the riverside path, and the council promised to repair it before the summer festival.</p>';
    const result = extract(page(annotated + body), { url: URL });
    expect(result.markdown).toContain('said 川沿いの道, the riverside path');
    expect(result.markdown).not.toContain('かわ');
  });

  it('keeps a block set as a sentence-long heading, drops a block that is only a short label', () => {
    const summary =
      '<div class="block"><h3>The council will meet again in June to decide how the bridge is paid for, after residents asked for a second round of hearings.</h3></div>';
    const label = '<div class="block"><h3>From the archive</h3></div>';
    const result = extract(
      page(
        [
          paragraph('the budget'),
          summary,
          paragraph('the new bridge'),
          label,
          paragraph('school transport'),
        ].join('\n'),
      ),
      {
        url: URL,
      },
    );
    expect(result.markdown).toContain('### The council will meet again in June');
    expect(result.markdown).not.toContain('From the archive');
  });

  it('gives byte-identical output for the same input', () => {
    const html = page(body + '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>');
    const first = extract(html, { url: URL });
    for (let i = 0; i < 3; i++) expect(extract(html, { url: URL })).toEqual(first);
  });

  it('reports an empty, script-only or navigation-only page as UNREADABLE_CONTENT', () => {
    for (const html of [
      '',
      '   ',
      '<html><head><script>var app = 1;</script></head><body><div id="root"></div></body></html>',
      // Only chrome: navigation, however much of the page it fills, a header and a footer.
      '<nav>Menu</nav>',
      '<html><head><title>Home</title></head><body><header><a href="/">Example</a></header><nav role="navigation"><ul><li><a href="/a">About</a></li></ul></nav><footer>© Example</footer></body></html>',
    ]) {
      let error: unknown;
      try {
        extract(html, { url: URL });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ExtractError);
      expect((error as ExtractError).code).toBe('UNREADABLE_CONTENT');
    }
  });

  it('reads a page with no </head> and no <body>: its head ends at the first content, as in a browser', () => {
    const html = `<html><head><title>Council approves plan</title><meta name="description" content="Plan">
      <a href="/">Home</a> | <a href="/news">News</a>
      <h1>Council approves plan</h1>${body}
      <table><tr><td>Votes for</td><td>12</td></tr><tr><td>Votes against</td><td>3</td></tr></table>`;
    const result = extract(html, { url: URL });
    expect(result.markdown).toContain('weighing the costs, the benefits');
    expect(result.markdown).toContain('school transport');
    expect(result.title).toBe('Council approves plan');
  });

  it('reads a story that page chrome wraps (an unclosed <header>, a <nav> or <aside> used as the wrapper)', () => {
    const wrappers = [
      `<header><a href="/">Home</a><h1>Council approves plan</h1>${body}`,
      `<nav><a href="/">Home</a><div>${body}</div></nav>`,
      `<aside>${body}</aside>`,
    ];
    for (const wrapped of wrappers) {
      const markdown = extract(`<!doctype html><title>Plan</title>${wrapped}`, { url: URL }).markdown;
      expect(markdown).toContain('school transport');
    }
  });

  it('refuses markup nested past the parser limit as TOO_LARGE, with the page URL', () => {
    let error: unknown;
    try {
      extract('<div>'.repeat(20000) + body, { url: URL });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ExtractError);
    expect(error).toMatchObject({ code: 'TOO_LARGE', status: 422, url: URL });
  });

  it('never throws on malformed markup, broken attributes or deep nesting', () => {
    const inputs = [
      '<p>Unclosed <b>bold <i>italic <a href="http://[bad">broken link</p></div></span>' + body,
      '<div>'.repeat(900) + body,
      `<html><body><table><tr><td>${body}</td><p>stray</table><style>div { color: </style><img src=">`,
      '<<<>>>&&&;;;<p>' + body,
      '\u0000\u0001binary\uFFFD' + body,
    ];
    for (const html of inputs) {
      const result = extract(html, { url: 'not a url' });
      expect(result.markdown).toContain('school transport');
    }
  });

  it('reads pages whose wrapper is hidden until a script runs, or whose closing tags are missing (an unclosed header wraps the article)', () => {
    const hidden = page(body).replace('<main>', '<main style="display:none" aria-hidden="true">');
    expect(extract(hidden, { url: URL }).markdown).toContain('school transport');
    const unclosed = page(body).replace(/<\/(div|p|li|section|article)>/g, '');
    expect(extract(unclosed, { url: URL }).markdown).toContain('school transport');
    const insideHeader = page(body).replace('</nav></header>', '</nav>');
    expect(extract(insideHeader, { url: URL }).markdown).toContain('school transport');
  });

  it('handles a 10 MB page with huge inline scripts', () => {
    const script = `<script>var data = "${'x'.repeat(4_000_000)}";</script>`;
    const filler = '<div class="teaser"><a href="/more">More stories</a></div>'.repeat(60_000);
    const html = page(body + script + paragraph('the vote')).replace('</body>', `${filler}${script}</body>`);
    expect(html.length).toBeGreaterThan(10_000_000);
    const result = extract(html, { url: URL });
    expect(result.markdown).toContain('school transport');
    expect(result.markdown).not.toContain('xxxxxxxx');
  });
});
