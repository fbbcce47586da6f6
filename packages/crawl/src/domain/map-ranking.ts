/** Separators of words in a search, a URL's path and a title. */
const SEPARATORS = /[\s/_.+-]+/g;

/** A URL of a site map, with what the site calls it when known (the start page's title, a link's anchor text). */
export interface MappedUrl {
  url: string;
  title?: string;
}

/**
 * The URLs matching `search`, best first: a URL scores one point per search word found in its
 * path and query or its title (decoded, case-insensitive, separators read as spaces; never its
 * host, which every URL of a site shares) and two more when the whole term is found in one of
 * them; ties keep their order.
 */
export function rankBySearch(urls: readonly MappedUrl[], search: string): string[] {
  const term = words(search);
  const terms = term.split(' ').filter((word) => word.length > 0);
  const scored = urls.map(({ url, title }, index) => {
    const texts = [` ${words(pathAndQuery(url))} `, ` ${title ? words(title) : ''} `];
    const score =
      terms.filter((word) => texts.some((text) => text.includes(word))).length +
      (texts.some((text) => text.includes(term)) ? 2 : 0);
    return { url, index, score };
  });
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ url }) => url);
}

function words(text: string): string {
  return text.toLowerCase().replace(SEPARATORS, ' ').trim();
}

function pathAndQuery(url: string): string {
  const { pathname, search } = new URL(url);
  return decoded(pathname + search);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
