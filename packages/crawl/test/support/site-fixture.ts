import { gzipSync } from 'node:zlib';
import { type FixtureResponse, type FixtureServer, startFixtureServer } from '@quarry/testing';

/** One page of a fixture site: where it links to, and how it answers. */
export interface SitePage {
  links?: string[];
  /** The text a link is shown with, by its href as written in `links` (else the link itself). */
  linkTexts?: Record<string, string>;
  /** `<link rel="canonical">`. */
  canonical?: string;
  /** Answer with a redirect here instead of a page. */
  redirect?: string;
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface SiteOptions {
  /** robots.txt as written; none is 404. */
  robots?: string;
  /** Sitemaps by path: page URLs (a `<urlset>`), or `{ index: [...] }` for a sitemap index; a path ending in `.gz` is gzipped. */
  sitemaps?: Record<string, string[] | { index: string[] }>;
}

/** A fixture site: a real HTTP server with pages that link to each other, and the arrival time of every request. */
export interface Site {
  server: FixtureServer;
  origin: string;
  url(path: string): string;
  /** Requests for `path` so far. */
  hits(path: string): number;
  /** Arrival times (ms) of the page requests, in order, robots.txt and sitemaps left out. */
  readonly pageArrivals: number[];
  /** Arrival times (ms) of every request the site answered, robots.txt and sitemaps included, in order. */
  readonly arrivals: number[];
  close(): Promise<void>;
}

/**
 * Serves `pages` (path → page; `{origin}` in a link or canonical is replaced by the site's origin)
 * as readable articles titled by their path, with robots.txt and sitemaps as given.
 */
export async function startSite(pages: Record<string, SitePage>, options: SiteOptions = {}): Promise<Site> {
  const pageArrivals: number[] = [];
  const arrivals: number[] = [];
  const server = await startFixtureServer({});
  const arrived = (response: FixtureResponse) => (): FixtureResponse => {
    arrivals.push(Date.now());
    return response;
  };
  const origin = server.origin;
  const expand = (text: string) => text.replaceAll('{origin}', origin);
  for (const [path, page] of Object.entries(pages)) {
    server.route(path, (): FixtureResponse => {
      pageArrivals.push(Date.now());
      arrivals.push(Date.now());
      if (page.redirect)
        return { status: 302, headers: { location: expand(page.redirect) }, delayMs: page.delayMs };
      return { status: page.status ?? 200, body: article(path, page, expand), delayMs: page.delayMs };
    });
  }
  if (options.robots !== undefined)
    server.route(
      '/robots.txt',
      arrived({ headers: { 'content-type': 'text/plain' }, body: expand(options.robots) }),
    );
  for (const [path, content] of Object.entries(options.sitemaps ?? {})) {
    const xml = sitemapXml(content, expand);
    server.route(
      path,
      arrived(
        path.endsWith('.gz')
          ? { headers: { 'content-type': 'application/gzip' }, body: gzipSync(xml) }
          : { headers: { 'content-type': 'application/xml' }, body: xml },
      ),
    );
  }
  return {
    server,
    origin,
    url: (path) => `${origin}${path}`,
    hits: (path) => server.hits(path),
    pageArrivals,
    arrivals,
    close: () => server.close(),
  };
}

function article(path: string, page: SitePage, expand: (text: string) => string): string {
  const links = (page.links ?? [])
    .map((href) => `<li><a href="${expand(href)}">${page.linkTexts?.[href] ?? expand(href)}</a></li>`)
    .join('');
  const canonical = page.canonical ? `<link rel="canonical" href="${expand(page.canonical)}">` : '';
  return `<!doctype html><html><head><title>Page ${path}</title>${canonical}</head><body>
<nav><ul>${links}</ul></nav>
<main><article><h1>Page ${path}</h1>
<p>${`This is the page at ${path}, with a paragraph long enough to be read as the main content of the page. `.repeat(4)}</p>
</article></main></body></html>`;
}

function sitemapXml(content: string[] | { index: string[] }, expand: (text: string) => string): string {
  if (Array.isArray(content))
    return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${content
      .map((url) => `<url><loc>${expand(url)}</loc></url>`)
      .join('')}</urlset>`;
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${content.index
    .map((url) => `<sitemap><loc>${expand(url)}</loc></sitemap>`)
    .join('')}</sitemapindex>`;
}
