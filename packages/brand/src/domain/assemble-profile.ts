import type { PageMeasurement } from '../page/page-measurement';
import type { BrandFont, BrandProfile } from './brand-profile';
import { assignColours } from './colour-roles';
import { rankLogos } from './logo-ranking';
import { siteDescription, siteName } from './site-identity';
import { socialLinks } from './social-links';

/** The brand profile of docs/api.md §8 from one page's measurement: judgement only, no I/O. */
export function assembleProfile(url: string, page: PageMeasurement, viewportWidth: number): BrandProfile {
  const domain = new URL(page.finalUrl).hostname;
  const { logo, logos } = rankLogos(page, viewportWidth);
  const { colors, colorScheme, buttonPrimary } = assignColours(page, logo);
  const fonts = fontRoles(page);
  const themeColor = page.meta.themeColors.find((entry) => entry.matches)?.hex ?? null;
  const icons = dedupeBy(page.icons, (icon) => `${icon.rel} ${icon.url}`);
  return {
    url,
    finalUrl: page.finalUrl,
    domain,
    name: siteName(page, domain),
    description: siteDescription(page),
    language: page.language,
    colorScheme,
    themeColor,
    logo,
    logos,
    icons,
    colors,
    fonts,
    typography: {
      headingFamily: fonts.find((font) => font.role === 'heading')?.family ?? null,
      bodyFamily: fonts.find((font) => font.role === 'body')?.family ?? null,
      baseSizePx: page.baseSizePx,
    },
    components: { buttonPrimary },
    images: { ogImage: page.meta.ogImage, twitterImage: page.meta.twitterImage },
    socialLinks: socialLinks(page.anchors, page.jsonLd.sameAs),
  };
}

/** For each role, the rendered family covering the most text area, with the weights the page draws it in. */
function fontRoles(page: PageMeasurement): BrandFont[] {
  const fonts: BrandFont[] = [];
  for (const role of ['heading', 'body', 'code'] as const) {
    const best = page.fonts.filter((font) => font.role === role).sort((a, b) => b.area - a.area)[0];
    if (!best) continue;
    const weights = [...(page.fontWeights[best.family] ?? [])].sort((a, b) => a - b);
    fonts.push({
      family: best.family,
      role,
      weights,
      origin: best.origin,
      rendered: best.rendered,
      renderedFamily: best.renderedFamily,
    });
  }
  return fonts;
}

function dedupeBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = key(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
