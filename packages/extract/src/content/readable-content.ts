import type { Element } from 'domhandler';
import {
  NON_TEXT_ELEMENTS,
  firstDescendant,
  isTag,
  isText,
  type AnyNode,
  type ParentNode,
} from '../dom/html-tree';
import { isPageChrome, textStats } from './content-signals';

/** Characters of text that make a chrome element more than chrome when few of them are links. */
const READING_TEXT = 500;

/** The document's head and title are not shown on the page. */
const OUTSIDE_PAGE = new Set(['head', 'title']);

/**
 * Whether the page shows anything besides its chrome: a text or an image outside navigation,
 * header, footer and sidebars. A page that is only a menu has nothing to read, however much of
 * the page the menu fills. Chrome that wraps an `<article>` or `<main>` (an unclosed `<header>`,
 * a page wrapper with a landmark role) is read through, and so is a `<noscript>` fallback (with
 * scripting off it is markup, and an unclosed one can hold the whole page).
 */
export function hasReadableContent(root: ParentNode): boolean {
  const stack: AnyNode[] = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      if (/\S/.test(node.data)) return true;
    } else if (
      isTag(node) &&
      (node.name === 'noscript' || (!NON_TEXT_ELEMENTS.has(node.name) && !OUTSIDE_PAGE.has(node.name)))
    ) {
      if (node.name === 'img') return true;
      if (isPageChrome(node) && !wrapsMainContent(node) && !holdsReadingText(node)) continue;
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
  }
  return false;
}

/** Text a menu or a footer does not have: long, and mostly not links (chrome misused as a wrapper). */
function holdsReadingText(element: Element): boolean {
  const { text, linkText } = textStats(element);
  return text >= READING_TEXT && linkText < text / 2;
}

function wrapsMainContent(element: Element): boolean {
  return (
    firstDescendant(
      element,
      (inner) => inner.name === 'article' || inner.name === 'main' || inner.attribs.role === 'main',
    ) !== null
  );
}
