import type { Element } from 'domhandler';
import {
  descendants,
  detach,
  elementChildren,
  firstDescendant,
  hasAncestor,
  hasText,
  isTag,
  replaceNode,
  unwrap,
  type ChildNode,
  type ParentNode,
} from '../dom/html-tree';
import {
  COMMENT_SECTION,
  classWords,
  holdsEmbeddedPost,
  isTeaserList,
  isBoilerplateWidget,
  isConsentDialog,
  isLeadParagraph,
  isUnlikelyCandidate,
  isPageChrome,
  textLength,
  textStats,
} from './content-signals';

/** Elements that never carry readable content. */
const NEVER_CONTENT = new Set([
  'script',
  'style',
  'template',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'object',
  'embed',
  'iframe',
  'frame',
  'frameset',
  'applet',
  'svg',
  'canvas',
  'button',
  'input',
  'select',
  'textarea',
  'option',
  'optgroup',
  'datalist',
  'dialog',
  'map',
  'area',
  'audio',
  'video',
  'track',
  'param',
  'noembed',
  'portal',
  'menu',
  // Ruby annotations: the reading shown above a word (and the parentheses for browsers without
  // ruby) glosses the text, and left inline it splits every annotated word in two.
  'rt',
  'rp',
]);
const KEEP_UNLIKELY = new Set([
  'html',
  'body',
  'a',
  'main',
  'article',
  'table',
  'tbody',
  'thead',
  'tr',
  'td',
  'th',
  'pre',
  'code',
]);
const HIDDEN_CLASS =
  /(?:^|\s)(?:hidden|hide|d-none|is-hidden|invisible|(?:[\w-]*[-_])?(?:visually-?hidden|sr-only|screen-?reader-(?:text|only)|off-?screen|element-invisible))(?:\s|$)/i;
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

export interface PruneOptions {
  /** Drop containers whose class/id says sidebar, comments, share bar, cookie banner, ... */
  stripUnlikely: boolean;
}

/**
 * Removes what is never main content before scoring: scripts and styles, forms controls, hidden
 * elements, navigation/aside/footer chrome, dialogs, and (optionally) containers whose class or id
 * marks them as boilerplate. Containers holding more than half of the page's text are spared.
 */
export function pruneBoilerplate(root: ParentNode, options: PruneOptions): void {
  const total = Math.max(1, textLength(root));
  const holdsMostOfPage = (element: Element) => textLength(element) > total * 0.4;

  let leadKept = false;
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) {
      if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') detach(node);
      continue;
    }
    const element = node;
    const name = element.name;
    if (name === 'noscript') {
      // Script-rendered pages may ship the story itself as the no-script fallback: read it.
      if (holdsProse(element)) {
        const children = [...element.children];
        unwrap(element);
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
      } else {
        unwrapNoscriptImage(element);
      }
      continue;
    }
    let remove = NEVER_CONTENT.has(name);
    // Pages that hide their wrapper until a script runs are still read: hiding most of the page is not a signal.
    if (!remove && (isHidden(element) || hasHiddenClass(element)))
      remove = !holdsMostOfPage(element) && !holdsProse(element);
    if (!remove && name === 'form')
      remove = elementChildren(element).length === 0 || (!holdsMostOfPage(element) && isControlForm(element));
    // Page chrome is spared when it wraps most of the page (some sites misuse it as the page wrapper).
    if (!remove && isPageChrome(element))
      remove = !holdsMostOfPage(element) && !(name === 'aside' && wrapsDeclaredArticle(element));
    if (!remove && !KEEP_UNLIKELY.has(name) && !insideCode(element)) {
      if (isConsentDialog(element)) remove = !wrapsArticle(element);
      else if (isBoilerplateWidget(element))
        remove =
          !wrapsArticle(element) &&
          (isCommentSection(element) ||
            (!holdsMostOfPage(element) &&
              !holdsProse(element, proseToKeep(element)) &&
              !holdsEmbeddedPost(element)));
      else if (options.stripUnlikely && isUnlikelyCandidate(element)) remove = !holdsMostOfPage(element);
    }
    if (!remove && !KEEP_UNLIKELY.has(name) && isTeaserList(element)) remove = !holdsMostOfPage(element);
    if (remove) {
      // Only the first story's standfirst: later articles on the page (a feed) are other stories.
      const lead = name === 'header' && !leadKept ? articleHeaderLead(element) : null;
      if (lead) {
        replaceNode(element, lead);
        leadKept = true;
      } else detach(element);
      continue;
    }
    for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]);
  }
}

const ARTICLE_ROOTS = new Set(['article', 'main']);

/**
 * The standfirst in the `<header>` of an `<article>` or `<main>`, or in a page header that holds the
 * headline (`<h1>`): the story's first paragraph, kept when the header goes.
 */
function articleHeaderLead(header: Element): Element | null {
  if (!hasAncestor(header, ARTICLE_ROOTS) && !firstDescendant(header, (inner) => inner.name === 'h1'))
    return null;
  const lead = firstDescendant(header, isLeadParagraph);
  // A standfirst known by its place in the headline's <hgroup> keeps that place.
  return lead?.parent && isTag(lead.parent) && lead.parent.name === 'hgroup' ? lead.parent : lead;
}

/** Page wrappers sometimes carry widget words ("has-sidebar"); they contain the article itself. */
function wrapsArticle(element: Element): boolean {
  return (
    firstDescendant(
      element,
      (inner) =>
        inner.name === 'article' ||
        inner.name === 'main' ||
        inner.name === 'h1' ||
        inner.attribs.itemprop === 'articleBody',
    ) !== null
  );
}

/** schema.org types of a story: `Article`, `NewsArticle`, `BlogPosting`, `Report`, ... */
const ARTICLE_ITEMTYPE = /schema\.org\/(?:\w*Article|BlogPosting|Report)$/;

/** An `<aside>` misused as the story's wrapper: it holds the element the page declares as its article. */
function wrapsDeclaredArticle(aside: Element): boolean {
  return (
    firstDescendant(
      aside,
      (inner) =>
        inner.attribs.itemprop === 'articleBody' ||
        (inner.attribs.itemtype !== undefined && ARTICLE_ITEMTYPE.test(inner.attribs.itemtype)),
    ) !== null
  );
}

/** Layout wrappers named after a sidebar ("content-with-sidebar") still hold the article's paragraphs. */
function holdsProse(element: Element, minimum = 3): boolean {
  let paragraphs = 0;
  for (const paragraph of descendants(element)) {
    if (paragraph.name !== 'p') continue;
    const stats = textStats(paragraph);
    if (stats.text >= 150 && stats.linkText < stats.text * 0.3 && ++paragraphs >= minimum) return true;
  }
  return false;
}

/**
 * Paragraphs of prose that spare a widget-named block. Inside the body a page declares as its
 * article (microdata `articleBody`), sections named for the ads placed between them still hold the
 * story: one paragraph is enough there.
 */
function proseToKeep(element: Element): number {
  for (let node = element.parent; node && isTag(node); node = node.parent)
    if (/(?:^|\s)articleBody(?:\s|$)/.test(node.attribs.itemprop ?? '')) return 1;
  return 3;
}

/** Comment threads can outweigh a short article, so their size never spares them. */
function isCommentSection(element: Element): boolean {
  return COMMENT_SECTION.test(classWords(element));
}

/** Utility classes that hide an element (collapsed galleries, screen-reader-only labels). */
export function hasHiddenClass(element: Element): boolean {
  const className = element.attribs.class;
  return className !== undefined && HIDDEN_CLASS.test(className);
}

export function isHidden(element: Element): boolean {
  const { attribs } = element;
  if (attribs.hidden !== undefined) return true;
  if (attribs['aria-hidden'] === 'true' && !/fallback-image/.test(attribs.class ?? '')) return true;
  const style = attribs.style;
  return style !== undefined && HIDDEN_STYLE.test(style);
}

/** A search box or sign-up form: mostly controls, little prose. */
function isControlForm(form: Element): boolean {
  return textLength(form) < 1000;
}

function insideCode(element: Element): boolean {
  let node = element.parent;
  while (node && isTag(node)) {
    if (node.name === 'pre' || node.name === 'code') return true;
    node = node.parent;
  }
  return false;
}

/** Lazy-loading pages put the real <img> in <noscript>; use it instead of the placeholder before it. */
function unwrapNoscriptImage(noscript: Element): void {
  const image = elementChildren(noscript).find((child) => child.name === 'img');
  if (!image || hasText(noscript)) {
    detach(noscript);
    return;
  }
  let previous = noscript.prev;
  while (previous && !isTag(previous)) previous = previous.prev;
  if (previous && isTag(previous) && previous.name === 'img') {
    replaceNode(previous, image);
    detach(noscript);
  } else {
    replaceNode(noscript, image);
  }
}
