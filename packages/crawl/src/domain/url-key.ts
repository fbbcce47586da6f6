/** How URLs are compared: the options of a crawl that change what counts as the same page. */
export interface UrlKeyOptions {
  /** Pages that differ only in their query are one page. */
  ignoreQueryParameters?: boolean;
}

/** Characters RFC 3986 calls unreserved: escaping them changes nothing, so they are compared unescaped. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * The key under which a crawl records a page, so that one page is fetched once however it is
 * written: scheme and host lower-cased, the default port and the fragment dropped, percent-escapes
 * of unreserved characters decoded and the others upper-cased, a trailing slash dropped (but the
 * root's), an empty query dropped, and the whole query when `ignoreQueryParameters`.
 */
export function urlKey(url: URL, options: UrlKeyOptions = {}): string {
  const path = normalisedEscapes(url.pathname).replace(/(.)\/+$/, '$1');
  const query = options.ignoreQueryParameters ? '' : normalisedEscapes(url.search.replace(/^\?$/, ''));
  return `${url.protocol}//${url.host}${path}${query}`;
}

/** `url` without its fragment, as a crawl fetches it. */
export function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

function normalisedEscapes(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_escape: string, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
}
