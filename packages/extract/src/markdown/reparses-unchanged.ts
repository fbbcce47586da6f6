import type { Element } from 'domhandler';
import { HEADING_TAGS, isTag, isText, type ChildNode } from '../dom/html-tree';

/**
 * Whether an HTML5 parser (turndown's) would build the same tree from the serialised children of
 * `root` as `root` holds. The cleaning steps can create nesting that the HTML5 tree builder
 * repairs (a block inside `<p>`, `<li>` inside `<li>`, rows without `<tbody>`, nested links);
 * then the Markdown has to come from the parsed HTML. The rules err on the safe side: whatever
 * might be rebuilt differently answers false.
 */
export function reparsesUnchanged(root: Element): boolean {
  const stack: Array<[ChildNode, Context]> = [];
  for (const child of root.children) stack.push([child, TOP]);
  while (stack.length > 0) {
    const [node, context] = stack.pop()!;
    if (isText(node)) {
      if (node.data.includes('\0')) return false;
      if (TABLE_PARTS.has(context.parent) && /[^\t\n\f\r ]/.test(node.data)) return false;
      continue;
    }
    if (!isTag(node)) return false;
    const name = node.name;
    if (!/^[a-z][a-z0-9:._-]*$/.test(name) || REBUILT.has(name)) return false;
    if (VOID.has(name) && node.children.length > 0) return false;
    if (!fitsParent(name, context.parent)) return false;
    if (context.inParagraph && CLOSES_PARAGRAPH.has(name)) return false;
    if (HEADING_TAGS.has(name) && context.inHeading) return false;
    if ((name === 'li' && context.inListItem) || ((name === 'dd' || name === 'dt') && context.inDefinition))
      return false;
    if ((name === 'a' && context.inLink) || (name === 'form' && context.inForm)) return false;
    for (const attribute in node.attribs) if (/[\r\0]/.test(node.attribs[attribute])) return false;
    const inner = enter(context, name);
    // A block straight inside a <p> closes it: that block and what follows belong to the p's parent.
    let childContext = inner;
    for (const child of node.children) {
      if (name === 'p' && isTag(child) && CLOSES_PARAGRAPH.has(child.name)) childContext = context;
      stack.push([child, childContext]);
    }
  }
  return true;
}

interface Context {
  parent: string;
  /** A `<p>` is open with no scope boundary (table, cell, caption) after it. */
  inParagraph: boolean;
  inHeading: boolean;
  /** An `<li>` is open with no list or other special element after it. */
  inListItem: boolean;
  inDefinition: boolean;
  inLink: boolean;
  inForm: boolean;
}

const TOP: Context = {
  parent: 'x-turndown',
  inParagraph: false,
  inHeading: false,
  inListItem: false,
  inDefinition: false,
  inLink: false,
  inForm: false,
};

function enter(context: Context, name: string): Context {
  const boundary = SCOPE_BOUNDARIES.has(name);
  const special = LIST_ITEM_BOUNDARIES.has(name);
  return {
    parent: name,
    inParagraph: name === 'p' || (context.inParagraph && !boundary),
    inHeading: HEADING_TAGS.has(name) || context.inHeading,
    inListItem: name === 'li' || (context.inListItem && !special),
    inDefinition: name === 'dd' || name === 'dt' || (context.inDefinition && !special),
    inLink: name === 'a' || context.inLink,
    inForm: name === 'form' || context.inForm,
  };
}

/**
 * Table parts only stand where the tree builder puts them; anything else is moved or wrapped
 * (rows straight in a table are too, in a `<tbody>`, and line breaks and images are moved before
 * the table, which the Markdown tree does the same way).
 */
function fitsParent(name: string, parent: string): boolean {
  const required = REQUIRED_PARENT.get(name);
  if (required && !required.has(parent)) return false;
  const allowed = ALLOWED_CHILDREN.get(parent);
  return !allowed || allowed.has(name) || (parent !== 'colgroup' && FOSTERED.has(name));
}

const SECTIONS = new Set(['tbody', 'thead', 'tfoot']);
const TABLE_PARTS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr', 'colgroup']);
const REQUIRED_PARENT = new Map<string, ReadonlySet<string>>([
  ['caption', new Set(['table'])],
  ['colgroup', new Set(['table'])],
  ['col', new Set(['colgroup'])],
  ['tbody', new Set(['table'])],
  ['thead', new Set(['table'])],
  ['tfoot', new Set(['table'])],
  ['tr', new Set([...SECTIONS, 'table'])],
  ['td', new Set(['tr'])],
  ['th', new Set(['tr'])],
]);
const ALLOWED_CHILDREN = new Map<string, ReadonlySet<string>>([
  ['table', new Set(['caption', 'colgroup', 'tbody', 'thead', 'tfoot', 'tr'])],
  ['tbody', new Set(['tr'])],
  ['thead', new Set(['tr'])],
  ['tfoot', new Set(['tr'])],
  ['tr', new Set(['td', 'th'])],
  ['colgroup', new Set(['col'])],
]);
/**
 * Start tags that close an open `<p>` (a superset of the HTML standard's list, old and new; not
 * `<table>`, which stays inside in quirks mode, as turndown's doctype-less document is).
 */
export const CLOSES_PARAGRAPH: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dd',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'legend',
  'li',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'search',
  'section',
  'summary',
  'ul',
]);
/** Elements past which an open `<p>` is out of scope. */
const SCOPE_BOUNDARIES = new Set(['table', 'td', 'th', 'caption']);
/** Special elements (other than address, div and p) that stop the search for an open `<li>`, `<dd>` or `<dt>`. */
const LIST_ITEM_BOUNDARIES = new Set([
  'article',
  'aside',
  'blockquote',
  'center',
  'dir',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hgroup',
  'nav',
  'ol',
  'section',
  'table',
  'td',
  'th',
  'caption',
  'ul',
]);
/** Elements the tree builder renames, merges, parses as raw text or as foreign content, or treats as void. */
const REBUILT = new Set([
  'html',
  'head',
  'body',
  'frameset',
  'frame',
  'image',
  'isindex',
  'math',
  'svg',
  'select',
  'option',
  'optgroup',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'style',
  'template',
  'title',
  'button',
  'nobr',
  'ruby',
  'rb',
  'rp',
  'rt',
  'rtc',
  'menuitem',
  'keygen',
  'applet',
  'object',
  'marquee',
  'input',
  'embed',
  'param',
  'source',
  'track',
  'area',
  'base',
  'link',
  'meta',
]);
/** Void elements, which a parser leaves in place (`basefont` and `bgsound` too, as head elements in the body). */
const VOID = new Set(['br', 'col', 'hr', 'img', 'wbr', 'basefont', 'bgsound']);
/** Void elements that a parser moves out of a table to just before it. */
export const FOSTERED: ReadonlySet<string> = new Set(['br', 'img', 'hr', 'wbr']);
