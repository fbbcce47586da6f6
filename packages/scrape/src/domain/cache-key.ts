/**
 * The cache key of a parsed URL: scheme and host lower-cased and the default port dropped (WHATWG
 * URL does both), the fragment dropped, the query kept as given. A serialised URL has no `#` but
 * the one that starts its fragment (the path, query and user info percent-encode theirs).
 */
export function cacheKeyOf(url: URL): string {
  const { href } = url;
  const fragment = href.indexOf('#');
  return fragment === -1 ? href : href.slice(0, fragment);
}
