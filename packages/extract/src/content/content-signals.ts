import type { Element } from 'domhandler';
import {
  HEADING_TAGS,
  NON_TEXT_ELEMENTS,
  classAndId,
  collapsedLength,
  descendants,
  elementChildren,
  firstDescendant,
  isTag,
  isText,
  type ParentNode,
} from '../dom/html-tree';

/** Class/id words of comment sections (German, French, Spanish, Polish, Italian, Dutch too): their size never spares them. */
const COMMENT_WORDS =
  'comments?|comment-list|commentlist|disqus|kommentare?|kommentarbereich|commentaires?|comentarios?|komentarze|commenti|reacties';
export const COMMENT_SECTION = new RegExp(`(^|[-_\\s])(${COMMENT_WORDS})([-_\\s]|$)`, 'i');
/** Class/id words of widgets that are never main content: removed in every attempt. */
const BOILERPLATE_WIDGET = new RegExp(
  `(^|[-_\\s])(${COMMENT_WORDS}|cookies?|consent|gdpr|newsletter|subscribe|subscription|signup|sign-up|share|sharing|social|socials|related(?:links|posts|articles|stories)?|teasers|recommended|recommendations|outbrain|taboola|sponsored|promo|popup|modal|breadcrumbs?|pagination|pager|sidebar|skyscraper|advert|advertisement|ads|ad-slot|ad-container|adsense|print-only|carousel|slider|slideshow|byline|dateline|author-bio|author-info|author-box|about-author|post-author|author-content|tooltip|popover|hovercard|rollover|disclaimer|disclosure|postmetadata|entry-utility|likes|rating|notice|linkbox|placeholder|back-link|toc|reviews)([-_\\s]|$)`,
  'i',
);
/**
 * Class/id words of cookie and consent dialogs (GDPR is DSGVO in German, RGPD in French and
 * Spanish, RODO in Polish; CMP is a consent management platform). Their policy text reads like
 * prose, so unlike other widgets they are removed however many paragraphs they hold.
 */
const CONSENT_WIDGET =
  /(^|[-_\s])(cookies?|cookie-?(banner|notice|bar|law|consent)|consent|gdpr|dsgvo|rgpd|rodo|cmp(?=-)|cmpbox|cookiebot|usercentrics|onetrust|privacy-(popup|banner|overlay))([-_\s]|$)/i;
/** Class/id words of containers that are rarely main content (Readability's list): removed in the strict attempt only. */
export const UNLIKELY_CANDIDATE =
  /-ad-|ai2html|banner|breadcrumb|combx|comment|community|copyright|cover-wrap|disqus|extra|footer|gdpr|cookie|consent|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|modal|newsletter|subscribe|signup|share|sharing|outbrain|taboola|recommend|promo|yom-remote/i;
const CONTENT_TOKEN = /article|content|main|body|post|entry|story|text/i;
export const MAYBE_CANDIDATE = /and|article|body|column|content|main|mathjax|shadow/i;
export const NEGATIVE_HINT =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|copyright|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|newsletter|subscribe|cookie|consent/i;
export const POSITIVE_HINT =
  /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;
/** A picture's caption that ends with its credit: "The town hall at night. (Foto: A. Name)". */
export const CAPTION_WITH_CREDIT =
  /(?<!\p{L})(?:photo|image|credit|fotos?|bild(?:er)?|bildquelle|crédits? photos?|imagen|foto ?grafía|zdjęcie|fot)\s*:\s*[^!?:]{1,60}$/iu;
export const COMMAS = /[\u002C\u060C\uFE50\uFE10\uFE11\u2E41\u2E34\u2E32\uFF0C]/g;
export const AD_WORDS =
  /^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама|reklama|Anuncio|pubblicità|publicidade|advertentie)$/iu;
export const LOADING_WORDS = /^((loading|正在加载|Загрузка|chargement|cargando)(…|\.\.\.)?)$/iu;

export const BLOCK_CHILD_TAGS = new Set([
  'blockquote',
  'dl',
  'div',
  'img',
  'ol',
  'p',
  'pre',
  'table',
  'ul',
  'figure',
  'section',
  'article',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'picture',
]);

const CHROME = new Set(['nav', 'aside', 'footer', 'header']);
const CHROME_ROLES = new Set([
  'navigation',
  'menu',
  'menubar',
  'complementary',
  'alert',
  'alertdialog',
  'dialog',
  'banner',
  'contentinfo',
  'search',
]);

/** Navigation, header, footer, sidebar or dialog of the page (by element or ARIA role), never its content. */
export function isPageChrome(element: Element): boolean {
  return CHROME.has(element.name) || CHROME_ROLES.has(element.attribs.role ?? '');
}

export function classWeight(element: Element): number {
  let weight = 0;
  const className = element.attribs.class;
  if (className) {
    if (NEGATIVE_HINT.test(className)) weight -= 25;
    if (POSITIVE_HINT.test(className)) weight += 25;
  }
  const id = element.attribs.id;
  if (id) {
    if (NEGATIVE_HINT.test(id)) weight -= 25;
    if (POSITIVE_HINT.test(id)) weight += 25;
  }
  return weight;
}

export function isUnlikelyCandidate(element: Element): boolean {
  const hints = classAndId(element);
  return hints.length > 0 && UNLIKELY_CANDIDATE.test(hints) && !MAYBE_CANDIDATE.test(hints);
}

const CAMEL_CASE = /([a-z])([A-Z])/g;

/** Class and id, with camelCase names read as words too: "relatedPost" is "related-Post". */
export function classWords(element: Element): string {
  const hints = classAndId(element);
  return /[A-Z]/.test(hints) ? hints.replace(CAMEL_CASE, '$1-$2') : hints;
}

/** A comment section, share bar, cookie banner, ad slot, ... (whole words of its class or id). */
export function isBoilerplateWidget(element: Element): boolean {
  const hints = classWords(element);
  if (hints.length === 0 || !BOILERPLATE_WIDGET.test(hints)) return false;
  const tokens = hints.split(/\s+/);
  return !tokens.some((token) => CONTENT_TOKEN.test(token) && !BOILERPLATE_WIDGET.test(token));
}

/** A cookie or consent dialog (whole words of its class or id). */
export function isConsentDialog(element: Element): boolean {
  const hints = classAndId(element);
  if (hints.length === 0 || !CONSENT_WIDGET.test(hints)) return false;
  const tokens = hints.split(/\s+/);
  return !tokens.some((token) => CONTENT_TOKEN.test(token) && !CONSENT_WIDGET.test(token));
}

export interface TextStats {
  /** Characters of text, whitespace runs counted as one. */
  text: number;
  /** Characters of text inside links (in-page `#` links weighted 0.3, as Readability does). */
  linkText: number;
}

/** Text and link-text lengths of a subtree in one iterative walk. */
export function textStats(root: ParentNode): TextStats {
  let text = 0;
  let linkText = 0;
  // Two parallel stacks rather than a pair per element: this walk runs over most of the page many times.
  const nodes: ParentNode[] = [root];
  const weights: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const linkWeight = weights.pop()!;
    for (const child of node.children) {
      if (isText(child)) {
        const length = collapsedLength(child);
        text += length;
        linkText += length * linkWeight;
      } else if (isTag(child) && !NON_TEXT_ELEMENTS.has(child.name)) {
        let weight = linkWeight;
        if (child.name === 'a') weight = (child.attribs.href ?? '').startsWith('#') ? 0.3 : 1;
        nodes.push(child);
        weights.push(weight);
      }
    }
  }
  return { text, linkText };
}

/** Length of the subtree's text with whitespace runs counted once, without building the string. */
export function textLength(root: ParentNode): number {
  return textStats(root).text;
}

export function linkDensity(root: ParentNode): number {
  const stats = textStats(root);
  return stats.text === 0 ? 0 : stats.linkText / stats.text;
}

export function countTags(root: ParentNode, names: ReadonlySet<string>): number {
  let count = 0;
  for (const element of descendants(root)) if (names.has(element.name)) count++;
  return count;
}

/** Longer `<article>` items than this are stories in their own right (an infinite-scroll page), not teasers. */
const FEED_ITEM_MAX_TEXT = 1500;
/** Longer list items than this are content (a listicle's entries), not teaser cards. */
const CARD_MAX_TEXT = 600;
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg)(\?|#|$)/i;

/**
 * A list of teasers for other pages, recognised by structure rather than by class names:
 * - a feed of at least three items that are (or singly wrap) an `<article>`, short, without the
 *   page's `<h1>`, mostly teasers; or
 * - at least three siblings of the same tag and class (most of the children) that are short and
 *   nearly all teasers: "more stories" grids, related-post rows, most-read lists, product cards.
 * A teaser holds a link to another page around an image or heading, or a linked heading.
 */
export function isTeaserList(element: Element): boolean {
  const children = elementChildren(element);
  if (children.length < 3) return false;
  return isArticleFeed(children) || isCardList(children);
}

function isArticleFeed(children: Element[]): boolean {
  let articles = 0;
  let teasers = 0;
  for (const child of children) {
    let item: Element | null = child;
    if (item.name !== 'article') {
      const only = onlyElementChild(item);
      item = only && only.name === 'article' ? only : null;
    }
    if (!item) continue;
    articles++;
    const card = readCard(item, FEED_ITEM_MAX_TEXT);
    if (!card) return false;
    if (card.teaser) teasers++;
  }
  return articles >= 3 && teasers * 2 >= articles;
}

function isCardList(children: Element[]): boolean {
  const counts = new Map<string, number>();
  let signature = '';
  let most = 0;
  for (const child of children) {
    const key = `${child.name} ${child.attribs.class ?? ''}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > most) {
      most = count;
      signature = key;
    }
  }
  if (most < 3 || most < children.length * 0.7) return false;
  let teasers = 0;
  let items = 0;
  for (const child of children) {
    if (`${child.name} ${child.attribs.class ?? ''}` !== signature) continue;
    items++;
    const card = readCard(child, CARD_MAX_TEXT);
    if (!card) return false;
    if (card.teaser) teasers++;
    else if (items - teasers > most * 0.2) return false;
  }
  return teasers >= most * 0.8;
}

/** Whether `item` is short (null when it has more than `maxText` characters) and holds a teaser link. */
function readCard(item: Element, maxText: number): { teaser: boolean } | null {
  if (textStats(item).text > maxText) return null;
  let teaser = false;
  for (const inner of descendants(item)) {
    if (inner.name === 'h1') return null;
    if (!teaser && inner.name === 'a' && isTeaserLink(inner, item)) teaser = true;
  }
  return { teaser };
}

function onlyElementChild(element: Element): Element | null {
  let only: Element | null = null;
  for (const child of element.children) {
    if (!isTag(child)) continue;
    if (only) return null;
    only = child;
  }
  return only;
}

/** A link to another page (not an image file) around an image or a heading, or inside a heading. */
function isTeaserLink(link: Element, item: Element): boolean {
  const href = (link.attribs.href ?? '').trim();
  if (!href || href.startsWith('#') || /^javascript:/i.test(href) || IMAGE_FILE.test(href)) return false;
  for (const inner of descendants(link))
    if (inner.name === 'img' || inner.name === 'picture' || HEADING_TAGS.has(inner.name)) return true;
  let node = link.parent;
  while (node && node !== item && isTag(node)) {
    if (HEADING_TAGS.has(node.name)) return true;
    node = node.parent;
  }
  return false;
}

/** Social posts embedded in the text (their blockquote fallback): quoted content, not a share widget. */
const EMBEDDED_POST =
  /(?:^|[\s_-])(?:twitter-tweet|twitter-video|instagram-media|tiktok-embed|reddit-card|bluesky-embed|threads-embed|mastodon-embed|fb-xfbml-parse-ignore)(?:[\s_-]|$)/i;

export function holdsEmbeddedPost(element: Element): boolean {
  for (const inner of descendants(element))
    if (inner.name === 'blockquote' && EMBEDDED_POST.test(inner.attribs.class ?? '')) return true;
  return false;
}

/**
 * Class, id or itemprop words of a standfirst: the lead paragraph that sites set apart above the
 * body, often in the article's header (German "Teaser", French "chapô", Spanish "entradilla").
 */
const LEAD_HINT =
  /(?:^|[-_\s])(?:lead|intro|introduction|excerpt|teaser|teaser-text|abstract|standfirst|subheadline|description|deck|chapo|chapeau|entradilla|bajada)(?:[-_\s]|$)/i;
/** Shorter headings marked as a lead are subtitles. */
const LEAD_HEADING_MIN_TEXT = 100;
const LEAD_EXCLUDED = new Set(['img', 'picture', 'figure', 'figcaption', 'video']);
/** A heading after the headline in its `<hgroup>`: the headline's subtitle or standfirst. */
function isHeadlineFollower(element: Element): boolean {
  const parent = element.parent;
  if (!HEADING_TAGS.has(element.name) || !parent || !isTag(parent) || parent.name !== 'hgroup') return false;
  for (let node = element.prev; node; node = node.prev)
    if (isTag(node) && HEADING_TAGS.has(node.name)) return true;
  return false;
}

/** A standfirst: marked as a lead (or set after the headline in its `<hgroup>`), of prose length, with few links, not a picture. */
export function isLeadParagraph(element: Element): boolean {
  const hints = `${element.attribs.class ?? ''} ${element.attribs.id ?? ''} ${element.attribs.itemprop ?? ''}`;
  if (
    !isHeadlineFollower(element) &&
    (!LEAD_HINT.test(hints) || /caption|title|headline|image|img|photo|media/i.test(hints))
  )
    return false;
  // A lead image or a subtitle heading is not the standfirst's text; a sentence-long heading is.
  const excluded = (inner: Element) =>
    LEAD_EXCLUDED.has(inner.name) ||
    (HEADING_TAGS.has(inner.name) && textStats(inner).text < LEAD_HEADING_MIN_TEXT);
  if (firstDescendant(element, excluded)) return false;
  const stats = textStats(element);
  // Some sites set the standfirst as a heading: then only a sentence-long one is a lead, not a subtitle.
  const minimum = HEADING_TAGS.has(element.name) ? LEAD_HEADING_MIN_TEXT : 60;
  return stats.text >= minimum && stats.text <= 1000 && stats.linkText < stats.text * 0.3;
}
