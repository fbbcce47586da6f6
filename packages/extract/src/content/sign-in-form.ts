import type { Element } from 'domhandler';
import { classAndId, descendants, isTag, parseHtml } from '../dom/html-tree';
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
 */
export function showsSignInForm(html: string): boolean {
  if (!PASSWORD_INPUT.test(html)) return false;
  return descendants(parseHtml(html)).some((element) => isPasswordField(element) && !setAside(element));
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
