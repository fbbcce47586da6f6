// A generated website for crawl benchmarks, the same for a given `pages` and `seed`: a home page,
// sections and their subsections (index pages) and articles, every page 20-80 KB of realistic HTML
// (head with styles and scripts, navigation, breadcrumb, headings, paragraphs, lists, tables, code,
// related links, footer). robots.txt names a sitemap index (and disallows /search, which every page
// links to); the index lists several sitemaps of every page, the last one gzipped. About 1% of
// extra URLs redirect (301 and 302) to an article, and about 1% are broken links (404), each
// linked from an article. The server counts what each crawl fetched (`counts()`, `resetCounts()`).
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

const SECTIONS = 8;
const SUBSECTIONS = 6;
const SITEMAP_URLS = 1500;
const MIN_BYTES = 20_000;
const MAX_BYTES = 80_000;

const WORDS = `the of and to in is that for it as with was on be by this are from at or an have not which
but they you were all their has more one been can there would when will also into its other than some
what about after these time only may could new most over first such many those people year years work
system data service network server client request response content page article section report
market policy research study analysis results model process design change growth team product
company city water energy history science health education music river mountain garden library
harbour railway bridge museum festival season weather village coast island forest valley language
measure signal pattern method result question answer reason detail example number record account
evening morning winter summer spring autumn journey travel market street building window kitchen
careful quiet rapid steady simple local public private early late recent common useful clear
describes explains shows suggests follows remains becomes provides includes requires allows offers
build measure compare collect review publish improve support develop observe describe prepare`
  .split(/\s+/)
  .filter(Boolean);

const STYLE = `<style>${Array.from(
  { length: 40 },
  (_, i) =>
    `.c${i}{margin:${i % 7}px ${i % 5}px;padding:${i % 3}em;color:#${(0x334455 + i * 0x10101).toString(16).slice(-6)};font:${12 + (i % 6)}px/1.${4 + (i % 4)} system-ui,sans-serif}`,
).join('')}</style>`;
const SCRIPT = `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-BENCH${'0'.repeat(4)}');${'(function(){var s=document.createElement("script");s.async=true;s.src="/static/app.js";document.head.appendChild(s)})();'.repeat(6)}</script>`;

/** Starts the site on 127.0.0.1. Returns `{ origin, host, layout, counts, resetCounts, close }`. */
export async function startGeneratedSite({ pages, seed }) {
  const layout = siteLayout(pages, seed);
  let seen;
  const resetCounts = () => {
    seen = { requests: 0, served: new Map(), redirects: 0, notFound: 0, sitemaps: 0, robots: 0, bytes: 0 };
  };
  resetCounts();
  const server = createServer((request, response) => {
    seen.requests += 1;
    const path = request.url;
    const page = layout.byPath.get(path);
    if (page) {
      const body = renderPage(layout, page, origin);
      seen.served.set(path, (seen.served.get(path) ?? 0) + 1);
      seen.bytes += Buffer.byteLength(body);
      return send(response, 200, 'text/html; charset=utf-8', body);
    }
    const redirect = layout.redirects.get(path);
    if (redirect) {
      seen.redirects += 1;
      return response.writeHead(redirect.status, { location: redirect.to, 'content-length': 0 }).end();
    }
    if (path === '/robots.txt') {
      seen.robots += 1;
      return send(response, 200, 'text/plain', robotsTxt(origin));
    }
    const sitemap = sitemaps.get(path);
    if (sitemap) {
      seen.sitemaps += 1;
      return send(response, 200, sitemap.type, sitemap.body);
    }
    seen.notFound += 1;
    send(
      response,
      404,
      'text/html; charset=utf-8',
      '<!doctype html><title>Not found</title><h1>Not found</h1>',
    );
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  const host = `127.0.0.1:${server.address().port}`;
  const origin = `http://${host}`;
  const sitemaps = sitemapFiles(layout, origin);
  return {
    origin,
    host,
    layout,
    sitemapCount: sitemaps.size - 1,
    resetCounts,
    /** What the site served since the last reset: distinct pages, repeated page fetches, and the rest. */
    counts: () => ({
      requests: seen.requests,
      pages: seen.served.size,
      repeats: [...seen.served.values()].reduce((sum, n) => sum + n - 1, 0),
      redirects: seen.redirects,
      notFound: seen.notFound,
      sitemaps: seen.sitemaps,
      robots: seen.robots,
      megabytes: seen.bytes / 1e6,
    }),
    close: () => new Promise((closed) => server.close(closed)),
  };
}

function send(response, status, type, body) {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
}

/**
 * Every page of the site and how they link: `pages` pages in all (home, SECTIONS sections of
 * SUBSECTIONS subsections each, the rest articles spread over the subsections), plus redirecting
 * and broken URLs, each linked from one article; and the text blocks, phrases, header and footer
 * that pages are made of (rendering a page only picks among them, so serving one costs little).
 */
function siteLayout(pageCount, seed) {
  const indexPages = 1 + SECTIONS + SECTIONS * SUBSECTIONS;
  if (!Number.isInteger(pageCount) || pageCount < indexPages + SECTIONS * SUBSECTIONS)
    throw new Error(`a generated site has at least ${indexPages + SECTIONS * SUBSECTIONS} pages`);
  const random = generator(`${seed}:layout`);
  const all = [];
  const add = (kind, path, title, parent) => {
    const page = { kind, path, title, parent, children: [], extraLinks: [] };
    parent?.children.push(page);
    all.push(page);
    return page;
  };
  const home = add('home', '/', 'Field Notes');
  const sections = [];
  const subsections = [];
  for (let s = 1; s <= SECTIONS; s += 1) {
    const name = `${pick(random, WORDS)}-${s}`;
    const section = add('section', `/${name}/`, capitalise(name), home);
    sections.push(section);
    for (let t = 1; t <= SUBSECTIONS; t += 1) {
      const subName = `${pick(random, WORDS)}-${t}`;
      subsections.push(
        add(
          'subsection',
          `${section.path}${subName}/`,
          `${capitalise(subName)} in ${section.title}`,
          section,
        ),
      );
    }
  }
  const articles = [];
  for (let a = 1; a <= pageCount - indexPages; a += 1) {
    const subsection = subsections[a % subsections.length];
    const title = capitalise(sentence(random, 3 + Math.floor(random() * 5)));
    articles.push(
      add('article', `${subsection.path}${title.toLowerCase().replaceAll(' ', '-')}-${a}`, title, subsection),
    );
  }
  const redirects = new Map();
  const broken = Math.max(1, Math.round(pageCount / 100));
  for (let r = 1; r <= broken; r += 1) {
    const target = pick(random, articles);
    const path = `/archive/${2015 + (r % 10)}/${r}`;
    redirects.set(path, { status: r % 2 === 0 ? 302 : 301, to: target.path });
    pick(random, articles).extraLinks.push({ path, title: target.title });
    const gone = pick(random, articles);
    pick(random, articles).extraLinks.push({
      path: `${gone.parent.path}gone-${r}`,
      title: `${gone.title} (earlier version)`,
    });
  }
  return {
    seed,
    all,
    sections,
    articles,
    redirects,
    brokenLinks: broken,
    byPath: new Map(all.map((page) => [page.path, page])),
    blocks: Array.from({ length: 3000 }, () => textBlock(random)),
    phrases: Array.from({ length: 500 }, () => sentence(random, 14)),
    header: `<header class="c1"><a href="/" class="c2">Field Notes</a><nav class="c3"><ul>${sections
      .map((section) => `<li>${anchor(section)}</li>`)
      .join(
        '',
      )}</ul></nav><form action="/search" class="c4"><input name="q" placeholder="Search"></form><a href="/search?q=latest">Latest</a></header>`,
    footer: `<footer class="c8"><nav><ul>${subsections
      .map((subsection) => `<li>${anchor(subsection)}</li>`)
      .join('')}</ul></nav><p>Field Notes, a generated site. <a href="/">Home</a></p></footer>`,
  };
}

function robotsTxt(origin) {
  return `User-agent: *\nDisallow: /search\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** /sitemap.xml (an index) and the sitemaps it lists, the last one gzipped: path -> { type, body }. */
function sitemapFiles(layout, origin) {
  const files = new Map();
  const count = Math.max(2, Math.ceil(layout.all.length / SITEMAP_URLS));
  const size = Math.ceil(layout.all.length / count);
  const listed = [];
  for (let i = 0; i < count; i += 1) {
    const urls = layout.all
      .slice(i * size, (i + 1) * size)
      .map(
        (page) =>
          `<url><loc>${origin}${page.path}</loc><lastmod>2026-01-${String(1 + (i % 28)).padStart(2, '0')}</lastmod></url>`,
      );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('\n')}</urlset>\n`;
    const gzipped = i === count - 1;
    const path = `/sitemaps/pages-${i + 1}.xml${gzipped ? '.gz' : ''}`;
    files.set(
      path,
      gzipped ? { type: 'application/gzip', body: gzipSync(xml) } : { type: 'application/xml', body: xml },
    );
    listed.push(`<sitemap><loc>${origin}${path}</loc></sitemap>`);
  }
  files.set('/sitemap.xml', {
    type: 'application/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed.join('\n')}</sitemapindex>\n`,
  });
  return files;
}

/** The page's HTML, the same on every request: its parts are picked by a generator seeded by its path. */
function renderPage(layout, page, origin) {
  const random = generator(`${layout.seed}:${page.path}`);
  const target = MIN_BYTES + Math.floor(random() * (MAX_BYTES - MIN_BYTES));
  const crumbs = [];
  for (let up = page.parent; up; up = up.parent) crumbs.unshift(anchor(up));
  const siblings = page.parent?.children ?? [];
  const at = siblings.indexOf(page);
  const related = Array.from({ length: 5 }, () => pick(random, siblings)).filter(
    (other) => other && other !== page,
  );
  const elsewhere = Array.from({ length: 3 }, () => pick(random, layout.articles));
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title} | Field Notes</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="${pick(random, layout.phrases)}">
<link rel="canonical" href="${origin}${page.path}"><meta property="og:title" content="${page.title}">
<meta property="og:type" content="${page.kind === 'article' ? 'article' : 'website'}">${STYLE}${SCRIPT}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":${JSON.stringify(page.title)}}</script></head><body>`;
  const breadcrumb = crumbs.length ? `<nav class="breadcrumb c5">${crumbs.join(' / ')}</nav>` : '';
  const listing = page.children.length
    ? `<ul class="listing c6">${page.children.map((child) => `<li>${anchor(child)}<p>${pick(random, layout.phrases)}</p></li>`).join('\n')}</ul>`
    : '';
  const neighbours = [siblings[at - 1], siblings[at + 1]].filter(Boolean);
  const aside = `<aside class="c7"><h2>Related</h2><ul>${[
    ...neighbours,
    ...related,
    ...elsewhere,
    ...page.extraLinks,
  ]
    .map((other) => `<li>${anchor(other)}</li>`)
    .join('')}</ul></aside>`;
  const chrome =
    head.length +
    layout.header.length +
    breadcrumb.length +
    listing.length +
    aside.length +
    layout.footer.length;
  const body = articleBody(random, layout, Math.max(2000, target - chrome));
  return `${head}${layout.header}<main class="c9">${breadcrumb}<article><h1>${page.title}</h1>
<p class="byline">By ${capitalise(pick(random, WORDS))} ${capitalise(pick(random, WORDS))}, ${1 + Math.floor(random() * 28)} March 2026</p>
${body}${listing}</article>${aside}</main>${layout.footer}</body></html>`;
}

/** About `bytes` of article text from the site's blocks, some paragraphs with a link to an article. */
function articleBody(random, layout, bytes) {
  const parts = [];
  for (let length = 0; length < bytes; length += parts.at(-1).length) {
    const block = pick(random, layout.blocks);
    if (block.startsWith('<p>') && random() < 0.3)
      parts.push(`${block.slice(0, -4)} See ${anchor(pick(random, layout.articles))}.</p>`);
    else parts.push(block);
  }
  return parts.join('\n');
}

/** One block of article text: a paragraph mostly, else a heading, list, quote, table or code. */
function textBlock(random) {
  const roll = random();
  if (roll < 0.1) return `<h2>${capitalise(sentence(random, 5))}</h2>`;
  if (roll < 0.15) return `<h3>${capitalise(sentence(random, 4))}</h3>`;
  if (roll < 0.22) {
    const tag = random() < 0.5 ? 'ul' : 'ol';
    const items = Array.from(
      { length: 3 + Math.floor(random() * 4) },
      () => `<li>${sentence(random, 10)}</li>`,
    );
    return `<${tag}>${items.join('')}</${tag}>`;
  }
  if (roll < 0.25) return `<blockquote><p>${sentence(random, 25)}</p></blockquote>`;
  if (roll < 0.27) {
    const rows = Array.from(
      { length: 4 },
      () =>
        `<tr><td>${pick(random, WORDS)}</td><td>${Math.floor(random() * 1000)}</td><td>${pick(random, WORDS)}</td></tr>`,
    );
    return `<table><thead><tr><th>Name</th><th>Count</th><th>Kind</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  }
  if (roll < 0.29)
    return `<pre><code>const ${pick(random, WORDS)} = measure(${Math.floor(random() * 100)});\nreport(${pick(random, WORDS)});</code></pre>`;
  const sentences = Array.from(
    { length: 3 + Math.floor(random() * 5) },
    () => `${capitalise(sentence(random, 8 + Math.floor(random() * 13)))}.`,
  );
  return `<p>${sentences.join(' ')}</p>`;
}

function sentence(random, words) {
  return Array.from({ length: words }, () => pick(random, WORDS)).join(' ');
}

const anchor = (to) => `<a href="${to.path}">${to.title}</a>`;
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const pick = (random, items) => items[Math.floor(random() * items.length)];

/** mulberry32 seeded with the FNV-1a hash of `key`: numbers in [0, 1), the same for the same key. */
function generator(key) {
  let state = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) state = Math.imul(state ^ key.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
