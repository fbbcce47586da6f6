import type { Element } from 'domhandler';
import render from 'dom-serializer';
import {
  descendants,
  detach,
  elementChildren,
  hasText,
  isTag,
  normalizedText,
  rawText,
  setChildren,
  unwrap,
} from '../dom/html-tree';
import { CAPTION_WITH_CREDIT } from './content-signals';

export interface WriteOptions {
  /** Absolute URL relative links and images are resolved against (`<base href>` already applied). */
  baseUrl: URL | null;
  images: boolean;
  /** The page title: an image whose alt text repeats it (the lead image, usually) gets an empty alt. */
  title: string | null;
}

const LAZY_SOURCES = [
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-url',
  'data-hi-res-src',
  'data-full-src',
  'data-lazy',
  'data-echo',
  'data-orig-file',
  'data-large-file',
];
const LAZY_SRCSETS = ['srcset', 'data-srcset', 'data-lazy-srcset'];
const PLACEHOLDER =
  /^data:|placeholder|blank\.(gif|png)|spacer|1x1|pixel\.(gif|png)|transparent\.(gif|png)|grey\.gif/i;
const CODE_LANGUAGE = /(?:^|\s)(?:language-|lang-|brush:\s*|highlight-(?:source-)?)([\w#+.-]+)/i;
/** Alt text generated from the file name ("IMG_2953", "design-week-2018-01") describes nothing. */
const FILE_NAME_ALT = /^[^\s]*[-_][^\s]*$|^[^\s]+\.(jpe?g|png|gif|webp|avif|svg)$/i;
/** Shorter alt text ("Chart", "The mayor") may repeat a word of the text by chance; it is kept. */
const REPEATED_ALT_MIN = 20;
const UNWRAPPED = new Set([
  'span',
  'font',
  'center',
  'big',
  'small',
  'label',
  'picture',
  'time',
  'abbr',
  'bdi',
  'bdo',
  'data',
  'mark',
  'ins',
  'article',
  'section',
  'main',
  'header',
  'hgroup',
  'address',
]);

/**
 * Turns the detected content into the published HTML: real image sources for lazy-loaded images,
 * absolute URLs, only the attributes the Markdown needs (href, src, alt, colspan/rowspan, code
 * language), and inline wrappers removed.
 */
export function writeContentHtml(article: Element, options: WriteOptions): string {
  const shownText = [options.title ?? '', ...captionTexts(article)]
    .map(comparable)
    .filter((text) => text.length > 0);
  // Only long alt texts are compared with the article's text; images have no text, so it holds throughout.
  let articleText: string | undefined;
  const readArticleText = () => (articleText ??= ` ${comparable(rawText(article))} `);
  for (const element of descendants(article))
    if (element.name === 'img') finishImage(element, options, shownText, readArticleText);
  for (const element of descendants(article)) {
    switch (element.name) {
      case 'img':
        break;
      case 'source':
        detach(element);
        break;
      case 'a':
        finishLink(element, options.baseUrl);
        break;
      case 'pre':
      case 'code':
        element.attribs = languageAttribs(element);
        break;
      case 'td':
      case 'th':
        element.attribs = pick(element.attribs, ['colspan', 'rowspan']);
        break;
      case 'ol':
        element.attribs = pick(element.attribs, ['start']);
        break;
      default:
        if (UNWRAPPED.has(element.name)) unwrap(element);
        else element.attribs = {};
    }
  }
  return render(article.children, { encodeEntities: 'utf8' }).trim();
}

function finishImage(
  image: Element,
  options: WriteOptions,
  shownText: string[],
  articleText: () => string,
): void {
  if (!options.images) {
    detach(image);
    return;
  }
  const src = imageSource(image);
  const absolute = src ? resolve(src, options.baseUrl) : null;
  if (!absolute) {
    detach(image);
    return;
  }
  let alt = (image.attribs.alt ?? '').replace(/\s+/g, ' ').trim();
  if (
    alt &&
    (FILE_NAME_ALT.test(alt) ||
      CAPTION_WITH_CREDIT.test(alt) ||
      repeatsShownText(alt, shownText) ||
      repeatsArticleText(alt, articleText))
  )
    alt = '';
  else if (alt) shownText.push(comparable(alt));
  image.attribs = alt ? { src: absolute, alt } : { src: absolute };
}

function captionTexts(article: Element): string[] {
  return descendants(article)
    .filter((element) => element.name === 'figcaption' || /caption/i.test(element.attribs.class ?? ''))
    .map((caption) => normalizedText(caption));
}

/** Alt text that repeats a caption or the title would put the same words on the page twice. */
function repeatsShownText(alt: string, shownText: string[]): boolean {
  const text = comparable(alt);
  return shownText.some(
    (shown) => shown.includes(text) || (text.includes(shown) && shown.length > text.length * 0.5),
  );
}

/**
 * Alt text long enough to be a sentence whose words (most of them, from the start: a caption the
 * alt repeats with a photo credit added) also appear in the article's text.
 */
function repeatsArticleText(alt: string, articleText: () => string): boolean {
  const text = comparable(alt);
  if (text.length < REPEATED_ALT_MIN) return false;
  if (articleText().includes(` ${text} `)) return true;
  const cut = text.lastIndexOf(' ', Math.ceil(text.length * 0.6));
  return cut >= REPEATED_ALT_MIN && articleText().includes(` ${text.slice(0, cut)} `);
}

function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function imageSource(image: Element): string | null {
  const { attribs } = image;
  const src = attribs.src?.trim();
  if (src && !PLACEHOLDER.test(src)) return src;
  for (const name of LAZY_SOURCES) {
    const value = attribs[name]?.trim();
    if (value && !value.startsWith('data:')) return value;
  }
  for (const name of LAZY_SRCSETS) {
    const first = firstSrcsetUrl(attribs[name]);
    if (first) return first;
  }
  const picture =
    image.parent && isTag(image.parent) && image.parent.name === 'picture' ? image.parent : null;
  if (picture) {
    for (const source of elementChildren(picture)) {
      const first =
        source.name === 'source'
          ? firstSrcsetUrl(source.attribs.srcset ?? source.attribs['data-srcset'])
          : null;
      if (first) return first;
    }
  }
  return src && !src.startsWith('data:') ? src : null;
}

function firstSrcsetUrl(srcset: string | undefined): string | null {
  const first = srcset?.trim().split(/\s+/)[0]?.replace(/,$/, '');
  return first && !first.startsWith('data:') ? first : null;
}

function finishLink(link: Element, baseUrl: URL | null): void {
  const href = link.attribs.href?.trim();
  const absolute = href && !/^\s*javascript:/i.test(href) ? resolve(href, baseUrl) : null;
  if (!absolute) {
    unwrap(link);
    return;
  }
  link.attribs = { href: absolute };
  if (hasText(link)) return;
  // A link around nothing but an image (often inside wrapper blocks): the image alone, on one line.
  const images = descendants(link).filter((inner) => inner.name === 'img');
  if (images.length === 0) unwrap(link);
  else setChildren(link, images);
}

function resolve(value: string, baseUrl: URL | null): string | null {
  try {
    return new URL(value, baseUrl ?? undefined).href;
  } catch {
    return null;
  }
}

function languageAttribs(element: Element): Record<string, string> {
  const { attribs } = element;
  const language =
    attribs['data-lang'] ||
    attribs['data-language'] ||
    CODE_LANGUAGE.exec(attribs.class ?? '')?.[1] ||
    undefined;
  return language ? { class: `language-${language.toLowerCase()}` } : {};
}

function pick(attribs: Record<string, string>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) if (attribs[name] !== undefined) out[name] = attribs[name];
  return out;
}
