import type { PageMeasurement } from '../page/page-measurement';

/** Title parts that name the page, not the site. */
const GENERIC_PAGE_NAMES = /^(home|home ?page|welcome|start|index|startseite|accueil|inicio|homepagina)$/i;
const TITLE_SEPARATORS = /\s+[|\u2013\u2014\u00b7•:-]\s+|\s*[|•]\s*/;

/** The site's name: `og:site_name`, then the JSON-LD organisation's `name`, then the title's site part. */
export function siteName(page: PageMeasurement, domain: string): string | null {
  const declared = page.meta.ogSiteName ?? page.jsonLd.names[0];
  if (declared) return declared;
  const parts = page.title
    .split(TITLE_SEPARATORS)
    .map((part) => part.trim())
    .filter((part) => part && !GENERIC_PAGE_NAMES.test(part));
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  const label = compact(domain.replace(/^www\./, '').split('.')[0]);
  const named = parts.find((part) => {
    const name = compact(part);
    return name.length > 0 && (label.includes(name) || name.includes(label));
  });
  if (named) return named;
  // "Page - Site" on inner pages; "Site - tagline" on a home page.
  const home = /^\/?(index\.html?)?$/.test(new URL(page.finalUrl).pathname);
  return home ? parts[0] : parts[parts.length - 1];
}

/** The meta description, then `og:description`. */
export function siteDescription(page: PageMeasurement): string | null {
  return page.meta.description ?? page.meta.ogDescription ?? null;
}

function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}
