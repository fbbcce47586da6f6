import { compile, selectAll } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { parsed, type PageInput } from '../dom/parsed-page';
import { collapseWhitespace, isTag, isText, NON_TEXT_ELEMENTS } from '../dom/html-tree';

/** Elements that start a line of their own. */
const BLOCKS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
/** Elements whose content is never shown as text: code, data, the head, form controls' options. */
const UNSHOWN: ReadonlySet<string> = new Set([
  ...NON_TEXT_ELEMENTS,
  'head',
  'title',
  'select',
  'iframe',
  'object',
]);

/** The text a page shows with `selector`: what the matching elements hold, and how many matched. */
export interface SelectedText {
  text: string;
  matched: number;
}

/**
 * All text a reader sees on the page, one line per block (paragraph, heading, list item, cell):
 * the body without scripts, styles, templates and elements marked `hidden`, `aria-hidden="true"`
 * or styled `display: none` / `visibility: hidden` inline. Whitespace is collapsed within lines.
 */
export function visibleText(page: PageInput): string {
  return textOf([parsed(page).document]);
}

/** The visible text of the elements `selector` (CSS, as css-select reads it) matches, in page order. */
export function selectedText(page: PageInput, selector: string): SelectedText {
  const matches = selectAll(selector, parsed(page).document);
  return { text: textOf(matches), matched: matches.length };
}

/** Why `selector` cannot be used, or null when css-select compiles it. */
export function selectorError(selector: string): string | null {
  if (!selector.trim()) return 'The selector is empty.';
  try {
    compile(selector);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function textOf(roots: AnyNode[]): string {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    const text = collapseWhitespace(line);
    if (text) lines.push(text);
    line = '';
  };
  const stack: (AnyNode | 'end-block')[] = [...roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === 'end-block') flush();
    else if (isText(node)) line += node.data;
    else if (isTag(node) && !isHidden(node)) {
      const block = BLOCKS.has(node.name);
      if (block) {
        flush();
        stack.push('end-block');
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    } else if (!isTag(node) && 'children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
  }
  flush();
  return lines.join('\n');
}

function isHidden(element: Element): boolean {
  if (UNSHOWN.has(element.name)) return true;
  const { attribs } = element;
  if ('hidden' in attribs || attribs['aria-hidden'] === 'true') return true;
  const style = (attribs.style ?? '').replace(/\s+/g, '').toLowerCase();
  return style.includes('display:none') || style.includes('visibility:hidden');
}
