import type { MeasuredButton, PageMeasurement } from '../page/page-measurement';
import type { BrandColor, BrandLogo, BrandProfile } from './brand-profile';
import { chromaOf, deltaE2000, lightnessOf } from './colour-difference';

/** Chroma (C*ab) from which a colour counts as a colour rather than a grey. */
const MIN_CHROMA = 18;
/** Colours closer than this (CIEDE2000) are one colour of the palette. */
const SAME_COLOUR = 6;

type Evidence = { hex: string; score: number; source: string; best: number };

/** A colour that can carry a brand: saturated enough, neither near-black nor near-white. */
export function isChromatic(hex: string): boolean {
  const lightness = lightnessOf(hex);
  return chromaOf(hex) >= MIN_CHROMA && lightness > 20 && lightness < 96;
}

/**
 * The palette's roles from what the page painted and declared. Background, text and link are the
 * colours covering the most area in those uses. Primary, secondary and accent are voted for by the
 * filled primary button, custom properties named for the role, `theme-color`, link colours,
 * coloured backgrounds, headings and the colours of an inline SVG logo; only chromatic colours vote, so near-black and grey chrome is
 * primary only on a monochrome site. Images are never read, so no photo supplies a colour.
 */
export function assignColours(
  page: PageMeasurement,
  logo: BrandLogo | null,
): {
  colors: BrandColor[];
  colorScheme: BrandProfile['colorScheme'];
  buttonPrimary: BrandProfile['components']['buttonPrimary'];
} {
  const background = dominant(
    page.backgrounds.map(({ hex, area, chrome }) => ({ hex, area: chrome ? area * 0.3 : area })),
  );
  const pageBackground = background?.hex ?? page.canvasHex;
  // Headings count half: the text colour is the one of running text, which some pages barely have.
  const text = dominant(
    page.texts.map((entry) => ({ ...entry, area: entry.heading ? entry.area / 2 : entry.area })),
  );
  const contentLinks = page.links.filter((link) => !link.chrome);
  const link = dominant(contentLinks.length > 0 ? contentLinks : page.links);
  const button = primaryButton(page.buttons, pageBackground);

  const evidence: Evidence[] = [];
  const vote = (hex: string, score: number, source: string) => {
    if (score <= 0 || !isChromatic(hex) || deltaE2000(hex, pageBackground) < SAME_COLOUR) return;
    const same = evidence.find((entry) => deltaE2000(entry.hex, hex) < SAME_COLOUR);
    if (!same) return void evidence.push({ hex, score, source, best: score });
    same.score += score;
    if (score > same.best) Object.assign(same, { hex, source, best: score });
  };
  const accents: string[] = [];
  const secondaries: string[] = [];
  if (button) vote(button.background, 3, 'button');
  for (const variable of page.variables) {
    const name = variable.name.toLowerCase();
    if (/accent|highlight/.test(name)) accents.push(variable.hex);
    else if (/secondary/.test(name)) secondaries.push(variable.hex);
    else if (/primary|brand|theme|main/.test(name)) vote(variable.hex, 2.5, 'css-variable');
    else vote(variable.hex, 0.2, 'css-variable');
  }
  const theme = page.meta.themeColors.find((entry) => entry.matches);
  if (theme) vote(theme.hex, 1.5, 'theme-color');
  for (const hex of new Set(logo?.svg?.match(/#[0-9a-f]{6}\b/g) ?? [])) vote(hex, 1, 'logo');
  if (page.manifest?.themeColor) vote(page.manifest.themeColor, 1, 'theme-color');
  for (const entry of shares(page.links)) vote(entry.hex, 2 * entry.share * (entry.chrome ? 0.5 : 1), 'link');
  for (const entry of shares(page.backgrounds)) vote(entry.hex, Math.min(2, 6 * entry.share), 'background');
  for (const entry of shares(page.texts.filter((t) => t.heading))) vote(entry.hex, entry.share, 'heading');
  for (const hex of secondaries) vote(hex, 0.8, 'css-variable');
  for (const hex of accents) vote(hex, 0.8, 'css-variable');

  const ranked = evidence.sort((a, b) => b.score - a.score);
  const total = ranked.reduce((sum, entry) => sum + entry.score, 0);
  const colors: BrandColor[] = [];
  const add = (hex: string, role: BrandColor['role'], source: string, weight: number) =>
    colors.push({ hex, role, source, weight: Math.round(Math.min(1, weight) * 1000) / 1000 });

  const primary = ranked[0] ?? monochromePrimary(page, button, pageBackground, text?.hex);
  if (primary) add(primary.hex, 'primary', primary.source, ranked[0] ? primary.score / total : 1);
  const rest = ranked.filter((entry) => !primary || deltaE2000(entry.hex, primary.hex) >= 12);
  const distinct = (hex: string) => !primary || deltaE2000(hex, primary.hex) >= 12;
  const secondary =
    rest.find((entry) => secondaries.some((hex) => deltaE2000(hex, entry.hex) < SAME_COLOUR)) ??
    rest.find(
      (entry) => !accents.some((hex) => deltaE2000(hex, entry.hex) < SAME_COLOUR) && entry.score >= 0.5,
    );
  if (secondary) add(secondary.hex, 'secondary', secondary.source, secondary.score / total);
  const accent = rest.find(
    (entry) =>
      entry !== secondary &&
      (accents.some((hex) => deltaE2000(hex, entry.hex) < SAME_COLOUR) || entry.score >= 0.5),
  );
  if (accent && distinct(accent.hex)) add(accent.hex, 'accent', accent.source, accent.score / total);
  add(pageBackground, 'background', background ? 'background' : 'canvas', background?.share ?? 1);
  if (text) add(text.hex, 'text', 'text', text.share);
  if (link) add(link.hex, 'link', 'link', link.share);

  const dark =
    lightnessOf(pageBackground) < 40 ||
    (/\bdark\b/.test(page.rootColorScheme) && !/\blight\b/.test(page.rootColorScheme));
  return {
    colors,
    colorScheme: dark ? 'dark' : 'light',
    buttonPrimary: button
      ? { background: button.background, text: button.text, borderRadius: button.borderRadius }
      : null,
  };
}

/** The filled button that stands for the primary action: named so, else the most visible coloured one. */
function primaryButton(buttons: MeasuredButton[], pageBackground: string): MeasuredButton | null {
  const filled = buttons.filter((button) => deltaE2000(button.background, pageBackground) >= SAME_COLOUR);
  let best: MeasuredButton | null = null;
  let bestScore = 0;
  for (const button of filled) {
    const score =
      Math.sqrt(button.area) *
      (button.primaryCue ? 3 : 1) *
      (isChromatic(button.background) ? 2 : 1) *
      (button.inHeader ? 0.8 : 1);
    if (score > bestScore) {
      best = button;
      bestScore = score;
    }
  }
  return best;
}

/** On a site without a chromatic colour: its dark button, a painted dark band, else its text colour. */
function monochromePrimary(
  page: PageMeasurement,
  button: MeasuredButton | null,
  pageBackground: string,
  textHex: string | undefined,
): { hex: string; source: string } | null {
  if (button) return { hex: button.background, source: 'button' };
  const band = dominant(page.backgrounds.filter((entry) => deltaE2000(entry.hex, pageBackground) >= 20));
  if (band) return { hex: band.hex, source: 'background' };
  return textHex ? { hex: textHex, source: 'text' } : null;
}

function dominant<T extends { hex: string; area: number }>(entries: T[]): (T & { share: number }) | null {
  const merged = shares(entries);
  return merged.sort((a, b) => b.share - a.share)[0] ?? null;
}

/** Entries of one colour (within SAME_COLOUR) merged, each with its share of the total area. */
function shares<T extends { hex: string; area: number }>(entries: T[]): Array<T & { share: number }> {
  const merged: Array<T & { share: number }> = [];
  for (const entry of [...entries].sort((a, b) => b.area - a.area)) {
    const same = merged.find((other) => deltaE2000(other.hex, entry.hex) < 3);
    if (same) same.area += entry.area;
    else merged.push({ ...entry, share: 0 });
  }
  const total = merged.reduce((sum, entry) => sum + entry.area, 0) || 1;
  for (const entry of merged) entry.share = entry.area / total;
  return merged;
}
