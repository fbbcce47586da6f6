import { parsed, type PageInput } from '../dom/parsed-page';
import { descendantsNamed, normalizedText } from '../dom/html-tree';

/** The links of a page, for crawling it: where its anchors point, and the URL it names as canonical. */
export interface PageLinks {
  /** Absolute http(s) URLs of the page's `<a href>` and `<area href>`, in page order, each once; `rel="nofollow"` left out. */
  links: string[];
  /** The absolute URL of `<link rel="canonical">`, or null. */
  canonical: string | null;
  /**
   * What each link was shown as, by URL: the first non-empty anchor text (an area's `alt`) among
   * its anchors, whitespace collapsed, at most 200 characters; a link shown with none is absent.
   */
  texts: Record<string, string>;
}

/** Anchor texts are kept to this length. */
const MAX_TEXT_LENGTH = 200;

const LINK_ELEMENTS: ReadonlySet<string> = new Set(['a', 'area', 'link', 'base']);

/** The links of `page` (its markup, or the page parsed) served from `url`, resolved against its `<base href>` when it has one. */
export function pageLinks(page: PageInput, url: string): PageLinks {
  const elements = descendantsNamed(parsed(page).document, LINK_ELEMENTS);
  const baseHref = elements.find((element) => element.name === 'base' && element.attribs.href)?.attribs.href;
  const base = absolute(baseHref ?? '', url) ?? url;
  const links = new Set<string>();
  const texts: Record<string, string> = {};
  let canonical: string | null = null;
  for (const element of elements) {
    const href = element.attribs.href;
    if (!href) continue;
    const rel = (element.attribs.rel ?? '').toLowerCase().split(/\s+/);
    if (element.name === 'link') {
      if (canonical === null && rel.includes('canonical')) canonical = absolute(href, base);
    } else if (element.name !== 'base' && !rel.includes('nofollow')) {
      const target = absolute(href, base);
      if (!target) continue;
      links.add(target);
      if (texts[target] === undefined) {
        const text = (element.name === 'area' ? (element.attribs.alt ?? '') : normalizedText(element)).trim();
        if (text) texts[target] = text.slice(0, MAX_TEXT_LENGTH).trimEnd();
      }
    }
  }
  return { links: [...links], canonical, texts };
}

/** `href` resolved against `base` when that gives an http(s) URL; null otherwise. */
function absolute(href: string, base: string): string | null {
  try {
    const resolved = new URL(href.trim(), base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}
