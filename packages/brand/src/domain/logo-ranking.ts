import type { LogoCandidate, PageMeasurement } from '../page/page-measurement';
import type { BrandLogo } from './brand-profile';

/** Below this confidence a candidate is not the site's logo, and `logo` is null. */
const MIN_LOGO_CONFIDENCE = 0.45;
/** Candidates below this are no logo at all and are left out of `logos`. */
const MIN_LISTED_CONFIDENCE = 0.3;

const FORMATS: Record<string, string> = {
  svg: 'svg',
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  ico: 'ico',
};

/**
 * Scores every candidate from its cues, each recorded as a reason: named logo or brand, a link to
 * the home page, a label naming the site, a place in the header's top-left, the JSON-LD logo;
 * against: inside a button, named like a UI icon (close, menu, check...), among other companies'
 * logos, too small or too big. App icons (apple-touch, manifest) are listed as `icon` and never
 * picked, so `logo` is null on a site that has no logo.
 */
export function rankLogos(
  page: PageMeasurement,
  viewportWidth: number,
): { logo: BrandLogo | null; logos: BrandLogo[] } {
  const jsonLdLogos = new Set(page.jsonLd.logos);
  const scored = page.logoCandidates.map((candidate) => score(candidate, jsonLdLogos, viewportWidth));
  const seen = new Set(scored.map((logo) => logo.url).filter(Boolean));
  for (const url of jsonLdLogos) {
    if (seen.has(url)) continue;
    seen.add(url);
    scored.push(head(url, 'json-ld', 0.55, ['declared as the organisation logo in JSON-LD'], 'logo'));
  }
  const ogImage = page.meta.ogImage;
  if (ogImage && !seen.has(ogImage) && /logo/i.test(ogImage)) {
    scored.push(head(ogImage, 'og-image', 0.5, ['og:image named logo'], 'logo'));
  }
  for (const icon of appIcons(page)) {
    const source = icon.rel === 'manifest' ? 'manifest' : 'apple-touch-icon';
    scored.push(
      head(icon.url, source, 0.1, ['an app icon: listed, never picked as the logo'], 'icon', icon.sizes),
    );
  }

  const listed = dedupe(
    scored.filter((logo) => logo.confidence >= MIN_LISTED_CONFIDENCE || logo.type === 'icon'),
  );
  listed.sort((a, b) => b.confidence - a.confidence);
  const logo =
    listed.find(
      (candidate) =>
        candidate.type !== 'icon' &&
        candidate.confidence >= MIN_LOGO_CONFIDENCE &&
        !candidate.reasons.includes('a variant for another colour scheme'),
    ) ?? null;
  return { logo, logos: listed };
}

function score(candidate: LogoCandidate, jsonLdLogos: Set<string>, viewportWidth: number): BrandLogo {
  let confidence = 0.1;
  const reasons: string[] = [];
  const cue = (when: boolean, delta: number, reason: string) => {
    if (!when) return;
    confidence += delta;
    reasons.push(reason);
  };
  const width = candidate.width ?? 0;
  const height = candidate.height ?? 0;
  cue(candidate.logoCue, 0.3, 'named logo or brand');
  cue(candidate.linksHome, 0.25, 'links to the home page');
  cue(candidate.nameCue, 0.2, 'its label names the site');
  cue(candidate.inHeader, 0.15, 'in the header');
  cue(
    candidate.inHeader &&
      (candidate.left ?? Infinity) < viewportWidth * 0.4 &&
      (candidate.top ?? Infinity) < 200,
    0.1,
    'top-left',
  );
  cue(candidate.url !== null && jsonLdLogos.has(candidate.url), 0.2, 'also the JSON-LD logo');
  cue(candidate.inFooter && !candidate.inHeader, -0.1, 'in the footer');
  cue(candidate.inButton, -0.5, 'inside a button');
  cue(candidate.linksAway, -0.5, 'links to another site');
  cue(candidate.iconCue && !candidate.logoCue, -0.4, 'named like a UI icon');
  cue(candidate.inLogoWall && !candidate.linksHome, -0.5, "among other companies' logos");
  cue(Math.max(width, height) < 20, -0.3, 'too small for a logo');
  cue(height > 240 || width > 640, -0.4, 'too large for a logo');
  cue(candidate.alternate, -0.05, 'a variant for another colour scheme');
  const strong = candidate.logoCue || candidate.linksHome || candidate.nameCue;
  // Without one of these an image is decoration, an icon or someone else's logo: not listed at all.
  if (!strong) confidence = Math.min(confidence, 0.25);
  const svg = candidate.svg;
  return {
    url: candidate.url,
    ...(svg ? { svg, dataUri: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` } : {}),
    type: height > 0 && width / height >= 1.6 ? 'logo' : 'symbol',
    theme: candidate.theme,
    format: svg ? 'svg' : formatOf(candidate.url),
    width: candidate.width,
    height: candidate.height,
    source: candidate.source,
    confidence: round(confidence),
    reasons,
  };
}

function head(
  url: string,
  source: BrandLogo['source'],
  confidence: number,
  reasons: string[],
  type: BrandLogo['type'],
  sizes: string | null = null,
): BrandLogo {
  const size = /^(\d+)x(\d+)/i.exec(sizes ?? '');
  return {
    url,
    type,
    theme: null,
    format: formatOf(url),
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    source,
    confidence,
    reasons,
  };
}

/** Every apple-touch icon, and the largest icon of the manifest. */
function appIcons(page: PageMeasurement): PageMeasurement['icons'] {
  const apple = page.icons.filter((icon) => icon.rel.startsWith('apple-touch-icon'));
  const manifest = page.icons
    .filter((icon) => icon.rel === 'manifest')
    .sort((a, b) => sideOf(b.sizes) - sideOf(a.sizes))
    .slice(0, 1);
  return [...apple, ...manifest];
}

function sideOf(sizes: string | null): number {
  return Math.max(0, ...(sizes ?? '').split(/\s+/).map((size) => parseInt(size, 10) || 0));
}

function formatOf(url: string | null): string | null {
  if (!url) return null;
  const data = /^data:image\/([a-z+]+)/i.exec(url);
  if (data) return FORMATS[data[1].toLowerCase().replace('+xml', '')] ?? null;
  try {
    const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
    return extension ? (FORMATS[extension] ?? null) : null;
  } catch {
    return null;
  }
}

/** One entry per image URL or SVG markup (the best scored): a header logo repeated in the footer counts once. */
function dedupe(logos: BrandLogo[]): BrandLogo[] {
  const best = new Map<string, BrandLogo>();
  for (const logo of logos) {
    const key = logo.url ?? logo.svg ?? '';
    if ((best.get(key)?.confidence ?? -1) < logo.confidence) best.set(key, logo);
  }
  return [...best.values()];
}

function round(value: number): number {
  return Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;
}
