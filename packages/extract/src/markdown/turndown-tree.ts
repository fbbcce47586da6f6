import type { Element } from 'domhandler';
import { isTag, isText, type ChildNode } from '../dom/html-tree';
import { CLOSES_PARAGRAPH, FOSTERED } from './reparses-unchanged';

/**
 * The part of the DOM that turndown and the Markdown rules read, over plain objects: the content
 * tree handed to turndown as it is, instead of serialising it and having turndown parse the HTML
 * again with its own DOM. Built as an HTML parser would build the tree from the content HTML
 * (adjacent texts merged, a `<p>` closed by a block in it, rows put in a `<tbody>`, line
 * breaks and images in a table moved before it, the line feed after `<pre>` dropped, the edges
 * trimmed like the HTML string), so the Markdown is the same; `reparsesUnchanged` says when that holds.
 */
type TreeNode = TurndownElement | TurndownText;

abstract class TurndownTreeNode {
  parentNode: TurndownElement | null = null;
  previousSibling: TreeNode | null = null;
  nextSibling: TreeNode | null = null;
  abstract readonly textContent: string;
}

class TurndownText extends TurndownTreeNode {
  readonly nodeType = 3;
  readonly nodeName = '#text';
  private text: string;

  constructor(text: string) {
    super();
    this.text = text;
  }

  get data(): string {
    return this.text;
  }

  set data(text: string) {
    this.text = text;
    this.parentNode?.forgetText();
  }

  get nodeValue(): string {
    return this.text;
  }

  get textContent(): string {
    return this.text;
  }
}

export class TurndownElement extends TurndownTreeNode {
  readonly nodeType = 1;
  readonly nodeName: string;
  readonly childNodes: TreeNode[] = [];
  private readonly name: string;
  private readonly attributes: Record<string, string>;
  private text: string | null = null;
  private elements: TurndownElement[] | null = null;

  constructor(name: string, attributes: Record<string, string>) {
    super();
    this.name = name;
    this.nodeName = name.toUpperCase();
    this.attributes = attributes;
  }

  get textContent(): string {
    if (this.text === null) {
      let text = '';
      for (const child of this.childNodes) text += child.textContent;
      this.text = text;
    }
    return this.text;
  }

  get firstChild(): TreeNode | null {
    return this.childNodes[0] ?? null;
  }

  get children(): TurndownElement[] {
    this.elements ??= this.childNodes.filter((child) => child instanceof TurndownElement);
    return this.elements;
  }

  get firstElementChild(): TurndownElement | null {
    return this.children[0] ?? null;
  }

  get lastElementChild(): TurndownElement | null {
    const children = this.children;
    return children[children.length - 1] ?? null;
  }

  get previousElementSibling(): TurndownElement | null {
    let node = this.previousSibling;
    while (node && !(node instanceof TurndownElement)) node = node.previousSibling;
    return node;
  }

  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }

  /** Turndown converts a copy of its input; this tree is built for one conversion, so it is its own copy. */
  cloneNode(): this {
    return this;
  }

  removeChild(child: TreeNode): void {
    const index = this.childNodes.indexOf(child);
    if (index < 0) return;
    this.childNodes.splice(index, 1);
    if (child.previousSibling) child.previousSibling.nextSibling = child.nextSibling;
    if (child.nextSibling) child.nextSibling.previousSibling = child.previousSibling;
    child.parentNode = null;
    child.previousSibling = null;
    child.nextSibling = null;
    this.elements = null;
    this.forgetText();
  }

  /** The element or its nearest ancestor with this tag name (the only selectors the rules use). */
  closest(tagName: string): TurndownElement | null {
    if (this.name === tagName) return this;
    return this.parentNode?.closest(tagName) ?? null;
  }

  /** Descendants with this tag name, in document order. */
  querySelectorAll(tagName: string): TurndownElement[] {
    const found: TurndownElement[] = [];
    const stack: TurndownElement[] = [...this.children].reverse();
    while (stack.length > 0) {
      const element = stack.pop()!;
      if (element.name === tagName) found.push(element);
      for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i]);
    }
    return found;
  }

  getElementsByTagName(tagName: string): TurndownElement[] {
    return this.querySelectorAll(tagName.toLowerCase());
  }

  insertBefore(child: TreeNode, reference: TreeNode): void {
    const index = this.childNodes.indexOf(reference);
    this.childNodes.splice(index, 0, child);
    child.parentNode = this;
    child.previousSibling = reference.previousSibling;
    child.nextSibling = reference;
    if (reference.previousSibling) reference.previousSibling.nextSibling = child;
    reference.previousSibling = child;
    this.elements = null;
    this.forgetText();
  }

  append(child: TreeNode): void {
    const last = this.childNodes[this.childNodes.length - 1];
    if (last) {
      last.nextSibling = child;
      child.previousSibling = last;
    }
    child.parentNode = this;
    this.childNodes.push(child);
  }

  forgetText(): void {
    if (this.text === null) return;
    this.text = null;
    this.parentNode?.forgetText();
  }
}

/** Elements whose first line feed an HTML parser drops. */
const LEADING_NEWLINE_DROPPED = new Set(['pre', 'listing']);

/** The content (the children of `root`) as turndown's input, as parsing the content HTML would give it. */
export function toTurndownTree(root: Element): TurndownElement {
  const top = new TurndownElement('x-turndown', {});
  appendChildren(top, root.children);
  trimEdges(top);
  return top;
}

interface Frame {
  into: TurndownElement;
  nodes: ChildNode[];
  index: number;
  /** Adjacent texts are one text once serialised and parsed. */
  text: string;
  /** The `<tbody>` a parser opens for rows written straight into a `<table>`, while rows follow. */
  rows: TurndownElement | null;
  /**
   * A `<p>` whose block child closed it: the block and what follows went to the p's parent, and
   * the `</p>` then opens an empty paragraph there.
   */
  closedParagraph: boolean;
}

function appendChildren(parent: TurndownElement, children: ChildNode[]): void {
  // Iterative: content trees can be deep.
  const stack: Frame[] = [
    { into: parent, nodes: children, index: 0, text: '', rows: null, closedParagraph: false },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const node = frame.nodes[frame.index++];
    if (node && isText(node)) {
      frame.text += node.data;
      continue;
    }
    if (frame.text !== '') appendText(frame.rows ?? frame.into, frame.text);
    frame.text = '';
    if (!node) {
      if (frame.closedParagraph) frame.into.append(new TurndownElement('p', {}));
      stack.pop();
      continue;
    }
    if (!isTag(node)) continue;
    if (!frame.closedParagraph && frame.into.nodeName === 'P' && CLOSES_PARAGRAPH.has(node.name)) {
      frame.closedParagraph = true;
      frame.into = frame.into.parentNode!;
    }
    const element = new TurndownElement(node.name, node.attribs);
    if (TABLE_PARTS.has(frame.into.nodeName) && FOSTERED.has(node.name)) {
      fosterParent(frame.into, element);
      continue;
    }
    let into = frame.into;
    if (into.nodeName === 'TABLE') {
      if (node.name !== 'tr') frame.rows = null;
      else if (!frame.rows) into.append((frame.rows = new TurndownElement('tbody', {})));
      into = frame.rows ?? into;
    }
    into.append(element);
    stack.push({
      into: element,
      nodes: node.children,
      index: 0,
      text: '',
      rows: null,
      closedParagraph: false,
    });
  }
}

const TABLE_PARTS = new Set(['TABLE', 'TBODY', 'THEAD', 'TFOOT', 'TR']);

function fosterParent(tablePart: TurndownElement, element: TurndownElement): void {
  let table = tablePart;
  while (table.nodeName !== 'TABLE' && table.parentNode) table = table.parentNode;
  table.parentNode?.insertBefore(element, table);
}

/** A parser reads every CR LF and lone CR as LF, and drops the line feed that opens a `<pre>`. */
function appendText(parent: TurndownElement, data: string): void {
  let text = data.includes('\r') ? data.replace(/\r\n?/g, '\n') : data;
  if (parent.childNodes.length === 0 && LEADING_NEWLINE_DROPPED.has(parent.nodeName.toLowerCase()))
    text = text.replace(/^\n/, '');
  if (text !== '') parent.append(new TurndownText(text));
}

/** The content HTML is trimmed (`String#trim`); its non-breaking spaces are written as `&nbsp;` and survive. */
function trimEdges(top: TurndownElement): void {
  const first = top.childNodes[0];
  if (first instanceof TurndownText) {
    first.data = trimStartKeepingNbsp(first.data);
    if (first.data === '') top.removeChild(first);
  }
  const last = top.childNodes[top.childNodes.length - 1];
  if (last instanceof TurndownText) {
    last.data = trimEndKeepingNbsp(last.data);
    if (last.data === '') top.removeChild(last);
  }
}

function trimStartKeepingNbsp(text: string): string {
  let start = 0;
  while (start < text.length && text[start] !== '\u00a0' && text[start].trim() === '') start++;
  return text.slice(start);
}

function trimEndKeepingNbsp(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] !== '\u00a0' && text[end - 1].trim() === '') end--;
  return text.slice(0, end);
}
