import { Document, Element, Text, type AnyNode, type ChildNode, type ParentNode } from 'domhandler';
import { Parser, type Tokenizer } from 'parse5';
import { adapter, type Htmlparser2TreeAdapterMap } from 'parse5-htmlparser2-tree-adapter';
import { ExtractError } from '../extract-error';
import { HtmlTokenizer } from './html-tokenizer';
import { isTag, isText, NON_TEXT_ELEMENTS, setChildren } from './html-tree';

/**
 * Parser limits. Pages people read stay far below both (the deepest of the 648 benchmark pages
 * nests 51 elements, the largest has about 10,000); past them a page is refused before the tree
 * builder's work per tag, which grows with the number of open elements, can add up.
 */
export const MAX_NESTING_DEPTH = 1000;
export const MAX_ELEMENTS = 500_000;
/** Deeper trees are flattened: the extractor's walks stay shallow whatever the page. */
const MAX_DEPTH = 200;

type TreeAdapter = typeof adapter;

/**
 * Parses a page as browsers do: the HTML standard's tree construction (parse5's, tested against
 * the html5lib suite) fed by {@link HtmlTokenizer}, with scripting off so that `<noscript>`
 * fallbacks are markup. Implied `<html>`, `<head>` and `<body>`, misnested and unclosed formatting,
 * foster-parented table content, frameset, content after `</body>`, `<template>`, `<plaintext>`
 * all end up where a browser puts them.
 *
 * @throws ExtractError (code `TOO_LARGE`) past {@link MAX_NESTING_DEPTH} or {@link MAX_ELEMENTS}.
 */
export function parseHtml(html: string): Document {
  const parser = new Parser<Htmlparser2TreeAdapterMap>({
    treeAdapter: limitedAdapter(),
    scriptingEnabled: false,
  });
  const tokenizer = new HtmlTokenizer(html, parser);
  parser.tokenizer = tokenizer as unknown as Tokenizer;
  tokenizer.run();
  const document = parser.document;
  capDepth(document);
  return document;
}

/**
 * domhandler nodes with their attributes in a plain object (the extractor reads them on every
 * element), with the elements created and open counted per parse.
 */
function limitedAdapter(): TreeAdapter {
  let elements = 0;
  let open = 0;
  return {
    ...adapter,
    createElement(tagName, namespaceURI, attrs) {
      if (++elements > MAX_ELEMENTS) throw tooLarge(`has more than ${MAX_ELEMENTS} elements`);
      const attribs: Record<string, string> = {};
      for (const attribute of attrs) attribs[attribute.name] = attribute.value;
      const element = new Element(tagName, attribs, []);
      element.namespace = namespaceURI;
      return element;
    },
    adoptAttributes(recipient, attrs) {
      for (const attribute of attrs) recipient.attribs[attribute.name] ??= attribute.value;
    },
    onItemPush() {
      if (++open > MAX_NESTING_DEPTH) throw tooLarge(`nests elements more than ${MAX_NESTING_DEPTH} deep`);
    },
    onItemPop() {
      open--;
    },
  };
}

function tooLarge(what: string): ExtractError {
  return new ExtractError(`The page ${what}.`, undefined, 'TOO_LARGE');
}

function capDepth(document: Document): void {
  // Two parallel stacks rather than a pair per element: this walk runs over every element of the page.
  const nodes: ParentNode[] = [document];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (node instanceof Element && node.name === 'template') hoistTemplateContent(node);
    for (const child of node.children) {
      if (!isTag(child)) continue;
      if (depth + 1 >= MAX_DEPTH) flatten(child);
      else {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
}

/** The parser keeps a template's content in a fragment of its own: make it the template's children. */
function hoistTemplateContent(template: Element): void {
  const content = template.children[0];
  if (template.children.length === 1 && content instanceof Document) setChildren(template, content.children);
}

function flatten(element: Element): void {
  const texts: ChildNode[] = [];
  const stack: AnyNode[] = [...element.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) texts.push(new Text(node.data));
    else if (isTag(node) && !NON_TEXT_ELEMENTS.has(node.name))
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  setChildren(element, texts);
}
