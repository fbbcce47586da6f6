import type { Element } from 'domhandler';
import {
  classAndId,
  collapseWhitespace,
  firstDescendant,
  isTag,
  isText,
  type AnyNode,
  type ParentNode,
} from '../dom/html-tree';
import { parseHtml } from '../dom/html-parser';
import { parsed, type PageInput } from '../dom/parsed-page';
import { hasHiddenClass, isHidden } from './boilerplate.pruner';
import { isBoilerplateWidget, isPageChrome, isUnlikelyCandidate } from './content-signals';

/** Class/id words of the page's bars and of what it keeps out of sight until asked: menus, windows, drawers. */
const BARS_AND_ON_DEMAND =
  /(^|[-_\s])(nav|navbar|navigation|menu|header|topbar|top-bar|toolbar|hide|dropdown|overlay|lightbox|window|offcanvas|off-canvas|flyout|drawer|collapse)([-_\s]|$)/i;
/** A quick look before the page is parsed: most pages have no password field at all. */
const PASSWORD_INPUT = /<input\b[^>]*type\s*=\s*["']?password/i;
const NEVER_SHOWN = new Set(['dialog', 'template', 'noscript']);

/**
 * Whether the page shows a password field as its content: one outside the navigation, header,
 * footer, sidebars, dialogs, pop-ups, menus and hidden parts. A sign-in box beside an article does
 * not make a login wall; a sign-in form where the article should be does.
 *
 * `content` is the HTML extracted from the page (`ExtractResult.html`). A field that comes before
 * the content's first text is a box at the top of the page, however plain its container: a login
 * wall shows its form after the story's opening lines, or instead of a story.
 */
export function showsSignInForm(page: PageInput, content = ''): boolean {
  if (!PASSWORD_INPUT.test(typeof page === 'string' ? page : page.html)) return false;
  const contentStart = firstText(parseHtml(content));
  let contentStarted = contentStart === null;
  let fieldAhead = false;
  const { document } = parsed(page);
  for (const node of inDocumentOrder(
    firstDescendant(document, (element) => element.name === 'body') ?? document,
  )) {
    if (!contentStarted && isText(node)) contentStarted = collapseWhitespace(node.data) === contentStart;
    else if (isTag(node) && isPasswordField(node) && !setAside(node)) {
      if (contentStarted) return true;
      fieldAhead = true;
    }
  }
  // The content's text was not found in the markup (a story read from JSON-LD): the field counts.
  return fieldAhead && !contentStarted;
}

function firstText(root: ParentNode): string | null {
  for (const node of inDocumentOrder(root)) {
    if (!isText(node)) continue;
    const text = collapseWhitespace(node.data);
    if (text) return text;
  }
  return null;
}

/** The nodes under `root`, texts and elements, in the order they appear on the page. */
function* inDocumentOrder(root: ParentNode): Generator<AnyNode> {
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    if (isTag(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
}

function isPasswordField(element: Element): boolean {
  return element.name === 'input' && element.attribs.type?.trim().toLowerCase() === 'password';
}

function setAside(field: Element): boolean {
  for (let node = field.parent; node && isTag(node) && node.name !== 'body'; node = node.parent) {
    if (
      NEVER_SHOWN.has(node.name) ||
      isPageChrome(node) ||
      isHidden(node) ||
      hasHiddenClass(node) ||
      isUnlikelyCandidate(node) ||
      isBoilerplateWidget(node) ||
      BARS_AND_ON_DEMAND.test(classAndId(node))
    )
      return true;
  }
  return false;
}
