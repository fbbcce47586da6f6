/** What one sitemap document lists: pages (`<urlset>`), or more sitemaps (`<sitemapindex>`). */
export interface SitemapDocument {
  kind: 'urlset' | 'index';
  locations: string[];
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The `<loc>` entries of a sitemap (sitemaps.org protocol), at most `maxLocations`; a plain-text
 * sitemap (one URL a line) is read too. Entities and CDATA are decoded; anything else is ignored.
 */
export function readSitemap(text: string, maxLocations: number): SitemapDocument {
  const kind = /<sitemapindex[\s>]/i.test(text) ? 'index' : 'urlset';
  const locations: string[] = [];
  const pattern = /<loc>\s*(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?\s*<\/loc>/gi;
  for (let match = pattern.exec(text); match && locations.length < maxLocations; match = pattern.exec(text))
    locations.push(decodeEntities(match[1].trim()));
  if (locations.length === 0 && !/<\w/.test(text)) {
    for (const line of text.split(/\r?\n/)) {
      if (locations.length >= maxLocations) break;
      if (/^https?:\/\//i.test(line.trim())) locations.push(line.trim());
    }
  }
  return { kind, locations };
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return XML_ENTITIES[name.toLowerCase()] ?? entity;
  });
}
