import { Document, Element, Text, type AnyNode, type ChildNode, type ParentNode } from 'domhandler';

/** Elements whose text is code or data, never prose. */
export const NON_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
]);
/** The heading elements, `<h1>` to `<h6>`. */
export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function setChildren(parent: ParentNode, children: ChildNode[]): void {
  parent.children = children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    child.parent = parent;
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  }
}

export function detach(node: ChildNode): void {
  const parent = node.parent;
  if (node.prev) node.prev.next = node.next;
  if (node.next) node.next.prev = node.prev;
  if (parent) {
    const index = parent.children.lastIndexOf(node);
    if (index >= 0) parent.children.splice(index, 1);
  }
  node.parent = null;
  node.prev = null;
  node.next = null;
}

/** Replaces `element` by its own children. */
export function unwrap(element: Element): void {
  const parent = element.parent;
  if (!parent) return;
  const index = parent.children.indexOf(element);
  const children = [
    ...parent.children.slice(0, index),
    ...element.children,
    ...parent.children.slice(index + 1),
  ];
  element.children = [];
  setChildren(parent, children);
  element.parent = null;
  element.prev = null;
  element.next = null;
}

export function replaceNode(node: ChildNode, replacement: ChildNode): void {
  const parent = node.parent;
  if (!parent) return;
  if (replacement.parent) detach(replacement);
  const index = parent.children.indexOf(node);
  parent.children[index] = replacement;
  replacement.parent = parent;
  replacement.prev = node.prev;
  replacement.next = node.next;
  if (node.prev) node.prev.next = replacement;
  if (node.next) node.next.prev = replacement;
  node.parent = null;
  node.prev = null;
  node.next = null;
}

export function createElement(
  name: string,
  children: ChildNode[] = [],
  attribs: Record<string, string> = {},
): Element {
  const element = new Element(name, attribs, []);
  setChildren(element, children);
  return element;
}

export function elementChildren(node: ParentNode): Element[] {
  return node.children.filter(isTag);
}

/** All descendant elements in document order (not including `root`). */
export function descendants(root: ParentNode): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [];
  pushElementChildren(stack, root);
  while (stack.length > 0) {
    const element = stack.pop()!;
    out.push(element);
    pushElementChildren(stack, element);
  }
  return out;
}

/** Pushes the element children of `node` last to first, so they pop in document order. */
function pushElementChildren(stack: Element[], node: ParentNode): void {
  const children = node.children;
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (isTag(child)) stack.push(child);
  }
}

export function descendantsNamed(root: ParentNode, names: ReadonlySet<string>): Element[] {
  return descendants(root).filter((element) => names.has(element.name));
}

export function firstDescendant(root: ParentNode, predicate: (element: Element) => boolean): Element | null {
  const stack: Element[] = [];
  pushElementChildren(stack, root);
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (predicate(element)) return element;
    pushElementChildren(stack, element);
  }
  return null;
}

/** Raw concatenated text of all descendant text nodes. */
export function rawText(root: AnyNode): string {
  if (isText(root)) return root.data;
  if (!isTag(root) && !(root instanceof Document)) return '';
  let out = '';
  const stack: AnyNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) out += node.data;
    else if (isTag(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}

/** Whether any descendant text node has a non-whitespace character. */
export function hasText(root: AnyNode): boolean {
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      if (/\S/.test(node.data)) return true;
    } else if (isTag(node) || node instanceof Document) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
  }
  return false;
}

/** Text with whitespace runs collapsed to one space and trimmed. */
export function normalizedText(root: AnyNode): string {
  return collapseWhitespace(rawText(root));
}

/** A text node that remembers its collapsed length (text nodes never change once parsed). */
interface MeasuredText extends Text {
  collapsedLength?: number;
}

/** Length of a text node's text with whitespace runs counted once, without building the string. */
export function collapsedLength(text: Text): number {
  // Every measure of an ancestor counts the same text again: count it once.
  return ((text as MeasuredText).collapsedLength ??= countCollapsed(text.data));
}

function countCollapsed(data: string): number {
  let length = 0;
  let inSpace = false;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    const space = code === 32 || code === 10 || code === 9 || code === 13 || code === 12 || code === 160;
    if (space) {
      if (!inSpace) length++;
      inSpace = true;
    } else {
      length++;
      inSpace = false;
    }
  }
  return length;
}

/** A whitespace run that is not already one plain space: most text has only single spaces, left as they are. */
const WHITESPACE_TO_COLLAPSE = /\s{2,}|[^\S ]/g;

/** Text with whitespace runs collapsed to one space and trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_TO_COLLAPSE, ' ').trim();
}

export function hasAncestor(element: Element, names: ReadonlySet<string>, maxDepth = Infinity): boolean {
  let node = element.parent;
  let depth = 0;
  while (node && isTag(node) && depth < maxDepth) {
    if (names.has(node.name)) return true;
    node = node.parent;
    depth++;
  }
  return false;
}

export function classAndId(element: Element): string {
  const className = element.attribs.class ?? '';
  const id = element.attribs.id ?? '';
  return id ? `${className} ${id}` : className;
}

/** An element (`<script>` and `<style>` included), as domhandler's `isTag`, without its re-export getters on every call. */
export function isTag(node: AnyNode): node is Element {
  const type = node.type;
  return type === 'tag' || type === 'script' || type === 'style';
}

export function isText(node: AnyNode): node is Text {
  return node.type === 'text';
}

export type { AnyNode, ChildNode, ParentNode };
