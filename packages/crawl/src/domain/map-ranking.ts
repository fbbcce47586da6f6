/** Separators of words in a search and in a URL's path. */
const SEPARATORS = /[\s/_.+-]+/g;

/**
 * The URLs matching `search`, best first: a URL scores one point per search word found in its
 * path and query (decoded, case-insensitive, separators read as spaces; never its host, which every
 * URL of a site shares) and two more when the whole term is found; ties keep their order.
 */
export function rankBySearch(urls: readonly string[], search: string): string[] {
  const term = search.trim().toLowerCase().replace(SEPARATORS, ' ').trim();
  const words = term.split(' ').filter((word) => word.length > 0);
  const scored = urls.map((url, index) => {
    const text = searchableText(url);
    const score = words.filter((word) => text.includes(word)).length + (text.includes(term) ? 2 : 0);
    return { url, index, score };
  });
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ url }) => url);
}

function searchableText(url: string): string {
  const { pathname, search } = new URL(url);
  return ` ${decoded(pathname + search)
    .toLowerCase()
    .replace(SEPARATORS, ' ')} `;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
