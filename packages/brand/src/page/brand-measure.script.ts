import { COLOUR_FUNCTIONS } from './colour.script';
import { FONT_FUNCTIONS } from './fonts.script';
import { HEAD_FUNCTIONS } from './head.script';
import { LOGO_FUNCTIONS } from './logos.script';
import { PAINT_FUNCTIONS } from './paint.script';

/**
 * The one in-page evaluation of a brand profile, resolving to a `PageMeasurement`. Source text, so
 * that no compiler helper ends up in the page; the parts share one scope (colours first).
 */
export const BRAND_MEASURE = `(async () => {
  ${COLOUR_FUNCTIONS}
  ${HEAD_FUNCTIONS}
  ${FONT_FUNCTIONS}
  ${PAINT_FUNCTIONS}
  ${LOGO_FUNCTIONS}
  const head = await readHead();
  readFontSources();
  const paint = measurePaint();
  const title = (document.title || '').trim();
  const siteNames = [head.meta.ogSiteName, ...head.jsonLd.names, head.manifest && head.manifest.name,
    ...title.split(/\\s+[|\\u2013\\u2014\\u00b7:-]\\s+/), location.hostname.replace(/^www\\./, '').split('.')[0]]
    .map(compact).filter(Boolean);
  const anchors = [];
  for (const anchor of document.querySelectorAll('a[href]')) {
    if (anchors.length >= 3000) break;
    if (/^https?:/i.test(anchor.href)) anchors.push({ href: anchor.href, rel: anchor.rel || '' });
  }
  const language = document.documentElement.getAttribute('lang') ||
    (document.querySelector('meta[http-equiv="content-language" i]') || { content: '' }).content || null;
  return Object.assign({
    finalUrl: location.href,
    contentType: document.contentType,
    title,
    language: language ? language.trim() : null,
    variables: readVariables(),
    logoCandidates: collectLogoCandidates(siteNames, paint.canvasHex),
    anchors,
  }, head, paint);
})()`;
