/**
 * The cache key of a URL: scheme and host lower-cased and the default port dropped (WHATWG URL does
 * both), the fragment dropped, the query kept as given.
 */
export function cacheKeyOf(url: URL | string): string {
  const normalised = new URL(url);
  normalised.hash = '';
  return normalised.href;
}
