/**
 * The URLs matching `search`, best first: a URL scores one point per search word found in it
 * (decoded, case-insensitive) and two more when the whole term is found; ties keep their order.
 */
export function rankBySearch(urls: readonly string[], search: string): string[] {
  const term = search.trim().toLowerCase();
  const words = term.split(/[\s/_-]+/).filter((word) => word.length > 0);
  const scored = urls.map((url, index) => {
    const text = decoded(url).toLowerCase();
    const score = words.filter((word) => text.includes(word)).length + (text.includes(term) ? 2 : 0);
    return { url, index, score };
  });
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ url }) => url);
}

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
