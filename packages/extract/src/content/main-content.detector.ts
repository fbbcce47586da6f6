import type { Element } from 'domhandler';
import {
  createElement,
  descendants,
  detach,
  elementChildren,
  firstDescendant,
  isTag,
  hasText,
  isText,
  normalizedText,
  replaceNode,
  setChildren,
  type ChildNode,
  type ParentNode,
} from '../dom/html-tree';
import {
  BLOCK_CHILD_TAGS,
  COMMAS,
  classWeight,
  isLeadParagraph,
  linkDensity,
  textStats,
} from './content-signals';

const SCORED_TAGS = new Set(['section', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'pre']);
const PHRASING_TAGS = new Set([
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'img',
  'kbd',
  'mark',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'a',
  'del',
  'ins',
  'font',
  'label',
  'picture',
  'strike',
  'big',
  'tt',
  'math',
]);
const EMPTY_CONTAINERS = new Set(['div', 'section', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const TOP_CANDIDATES = 5;

export interface DetectOptions {
  /** Use class/id words as score hints. */
  weightClasses: boolean;
}

/**
 * Finds the element that holds the main content and returns a new <div> with it and the siblings
 * that belong to it. Readability's scoring, on a domhandler tree: paragraphs vote for their
 * ancestors by length and commas, candidates are discounted by link density, the winner climbs
 * to a parent that scores nearly as well, and related siblings are merged in.
 */
export function detectMainContent(body: Element, options: DetectOptions): Element {
  const scores = new Map<Element, number>();
  const paragraphs = collectScorableElements(body);

  for (const paragraph of paragraphs) {
    if (!paragraph.parent || !isTag(paragraph.parent)) continue;
    const text = normalizedText(paragraph);
    if (text.length < 25) continue;
    // A standfirst is attached to the text it introduces (findLead); it does not choose the container.
    if (isLeadParagraph(paragraph) || isLeadParagraph(paragraph.parent)) continue;
    const ancestors = ancestorsOf(paragraph, 5);
    if (ancestors.length === 0) continue;
    const points = 1 + (text.match(COMMAS)?.length ?? 0) + Math.min(Math.floor(text.length / 100), 3);
    ancestors.forEach((ancestor, level) => {
      if (!ancestor.parent || (!isTag(ancestor.parent) && ancestor.name !== 'body')) return;
      if (!scores.has(ancestor)) scores.set(ancestor, initialScore(ancestor, options));
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      scores.set(ancestor, scores.get(ancestor)! + points / divider);
    });
  }

  const ranked: Array<[Element, number]> = [];
  for (const [candidate, score] of scores) ranked.push([candidate, score * (1 - linkDensity(candidate))]);
  for (const [candidate, score] of ranked) scores.set(candidate, score);
  ranked.sort((a, b) => b[1] - a[1]);
  const top = ranked.slice(0, TOP_CANDIDATES);

  if (top.length === 0 || top[0][0] === body) {
    return createElement('div', [...body.children]);
  }

  let topCandidate = top[0][0];
  topCandidate = preferSharedAncestor(topCandidate, top);
  topCandidate = climbWhileParentScoresWell(topCandidate, scores, body);
  while (
    topCandidate.parent &&
    isTag(topCandidate.parent) &&
    topCandidate.parent !== body &&
    elementChildren(topCandidate.parent).length === 1
  ) {
    topCandidate = topCandidate.parent;
  }
  if (!scores.has(topCandidate)) scores.set(topCandidate, initialScore(topCandidate, options));

  return mergeSiblings(topCandidate, scores);
}

/** Paragraph-like elements to score; divs holding only inline content count as paragraphs. */
function collectScorableElements(body: Element): Element[] {
  const out: Element[] = [];
  for (const element of descendants(body)) {
    if (!element.parent) continue;
    if (EMPTY_CONTAINERS.has(element.name) && isWithoutContent(element)) {
      detach(element);
      continue;
    }
    if (SCORED_TAGS.has(element.name)) {
      out.push(element);
    } else if (element.name === 'div') {
      out.push(...wrapInlineRuns(element));
      const children = elementChildren(element);
      if (
        children.length === 1 &&
        children[0].name === 'p' &&
        !hasDirectText(element) &&
        linkDensity(element) < 0.25
      ) {
        const paragraph = children[0];
        replaceNode(element, paragraph);
        out.push(paragraph);
      } else if (!hasBlockDescendant(element)) {
        element.name = 'p';
        out.push(element);
      }
    }
  }
  return out;
}

/** Wraps runs of inline children of a mixed div in <p> so they are scored like paragraphs. */
function wrapInlineRuns(div: Element): Element[] {
  if (!div.children.some((child) => isTag(child) && !PHRASING_TAGS.has(child.name))) return [];
  const created: Element[] = [];
  const children: ChildNode[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    while (run.length > 0 && isWhitespace(run[run.length - 1])) run.pop();
    if (run.some((node) => !isWhitespace(node))) {
      const paragraph = createElement('p', run);
      created.push(paragraph);
      children.push(paragraph);
    } else {
      children.push(...run);
    }
    run = [];
  };
  for (const child of div.children) {
    if (isText(child) || (isTag(child) && PHRASING_TAGS.has(child.name))) {
      if (run.length === 0 && isWhitespace(child)) continue;
      run.push(child);
    } else {
      flush();
      children.push(child);
    }
  }
  flush();
  setChildren(div, children);
  return created;
}

function isWhitespace(node: ChildNode): boolean {
  return (isText(node) && node.data.trim() === '') || (isTag(node) && node.name === 'br');
}

function hasDirectText(element: Element): boolean {
  return element.children.some((child) => isText(child) && child.data.trim() !== '');
}

function hasBlockDescendant(element: Element): boolean {
  return descendants(element).some((child) => BLOCK_CHILD_TAGS.has(child.name));
}

function isWithoutContent(element: Element): boolean {
  if (hasText(element)) return false;
  return element.children.every((child) => !isTag(child) || child.name === 'br' || child.name === 'hr');
}

function ancestorsOf(element: Element, maxDepth: number): Element[] {
  const out: Element[] = [];
  let node = element.parent;
  while (node && isTag(node) && out.length < maxDepth) {
    out.push(node);
    node = node.parent;
  }
  return out;
}

function initialScore(element: Element, options: DetectOptions): number {
  let score = 0;
  switch (element.name) {
    case 'div':
    case 'article':
    case 'main':
      score = 5;
      break;
    case 'pre':
    case 'td':
    case 'blockquote':
      score = 3;
      break;
    case 'address':
    case 'ol':
    case 'ul':
    case 'dl':
    case 'dd':
    case 'dt':
    case 'li':
    case 'form':
      score = -3;
      break;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'th':
      score = -5;
      break;
  }
  return score + (options.weightClasses ? classWeight(element) : 0);
}

/** When several strong candidates share an ancestor, the article is that ancestor. */
function preferSharedAncestor(candidate: Element, top: Array<[Element, number]>): Element {
  const topScore = top[0][1];
  const alternatives = top
    .slice(1)
    .filter(([, score]) => score / topScore >= 0.75)
    .map(([element]) => ancestorsOf(element, Infinity));
  if (alternatives.length < 3) return candidate;
  let parent = candidate.parent;
  while (parent && isTag(parent) && parent.name !== 'body') {
    const shared = alternatives.filter((ancestors) => ancestors.includes(parent as Element)).length;
    if (shared >= 3) return parent;
    parent = parent.parent;
  }
  return candidate;
}

function climbWhileParentScoresWell(
  candidate: Element,
  scores: Map<Element, number>,
  body: Element,
): Element {
  let lastScore = scores.get(candidate) ?? 0;
  const threshold = lastScore / 3;
  let parent = candidate.parent;
  while (parent && isTag(parent) && parent !== body) {
    const parentScore = scores.get(parent);
    if (parentScore === undefined) {
      parent = parent.parent;
      continue;
    }
    if (parentScore < threshold) break;
    if (parentScore > lastScore) return parent;
    lastScore = parentScore;
    parent = parent.parent;
  }
  return candidate;
}

/**
 * The top candidate plus siblings that score well or read like paragraphs of the same text (or the
 * page-builder rows that lead up to it), after the lead.
 */
function mergeSiblings(topCandidate: Element, scores: Map<Element, number>): Element {
  const kept = contentRows(topCandidate, scores) ?? relatedSiblings(topCandidate, scores);
  const lead = findLead(topCandidate);
  if (lead && !kept.some((element) => contains(element, lead))) kept.unshift(lead);
  return createElement(
    'div',
    kept.map((element) => {
      detach(element);
      return element;
    }),
  );
}

function relatedSiblings(topCandidate: Element, scores: Map<Element, number>): Element[] {
  const topScore = scores.get(topCandidate) ?? 0;
  const threshold = Math.max(10, topScore * 0.2);
  const parent = topCandidate.parent as ParentNode | null;
  const siblings = parent ? elementChildren(parent) : [topCandidate];
  const className = topCandidate.attribs.class ?? '';
  const kept: Element[] = [];
  for (const sibling of siblings) {
    if (sibling === topCandidate) {
      kept.push(sibling);
      continue;
    }
    let bonus = 0;
    if (className && sibling.attribs.class === className) bonus += topScore * 0.2;
    const score = scores.get(sibling);
    if (score !== undefined && score + bonus >= threshold) {
      kept.push(sibling);
    } else if (sibling.name === 'p') {
      const stats = textStats(sibling);
      const density = stats.text === 0 ? 0 : stats.linkText / stats.text;
      const text = normalizedText(sibling);
      if (
        (text.length > 80 && density < 0.25) ||
        (text.length > 0 && text.length <= 80 && density === 0 && /\.( |$)/.test(text))
      )
        kept.push(sibling);
    }
  }
  return kept;
}

/** How far above the top candidate rows of a page builder are looked for. */
const ROW_LEVELS = 6;

/**
 * Page builders split a story over sibling rows of the same kind, each row wrapping its columns
 * and text blocks: the row that holds the top candidate and the rows right before it that hold scored text with
 * few links. Rows after it are left out: there the story is over (a donation appeal, a sign-off).
 */
function contentRows(topCandidate: Element, scores: Map<Element, number>): Element[] | null {
  let node: Element = topCandidate;
  for (let level = 0; level < ROW_LEVELS; level++) {
    const parent = parentInArticle(node);
    if (!parent) return null;
    node = parent;
    const kind = classNames(node);
    if (kind.length === 0) continue;
    const rows = [node];
    for (let sibling = node.prev; sibling; sibling = sibling.prev) {
      if (!isTag(sibling)) continue;
      if (
        sibling.name !== node.name ||
        !sameKind(classNames(sibling), kind) ||
        !holdsScoredText(sibling, scores)
      )
        break;
      rows.unshift(sibling);
    }
    if (rows.length > 1) return rows;
  }
  return null;
}

function classNames(element: Element): string[] {
  return element.attribs.class?.split(/\s+/).filter(Boolean) ?? [];
}

/**
 * Rows of the same kind: one's class names are all among the other's, as when a page builder adds
 * a modifier to some rows (a background colour, `has-title`). Columns (`col-first`, `col-last`) differ.
 */
function sameKind(row: string[], other: string[]): boolean {
  if (row.length === 0) return false;
  const [fewer, more] = row.length <= other.length ? [row, other] : [other, row];
  return fewer.every((name) => more.includes(name));
}

function holdsScoredText(element: Element, scores: Map<Element, number>): boolean {
  const stats = textStats(element);
  if (stats.text < 100 || stats.linkText > stats.text * 0.25) return false;
  return descendants(element).some((inner) => scores.has(inner));
}

/** How far above the top candidate a lead is looked for: the article wrapper, rarely more. */
const LEAD_LEVELS = 3;

/**
 * The lead paragraph that precedes the main content in the same article: in a preceding sibling
 * of the top candidate or of one of its near ancestors (never past an `<article>` or `<main>`),
 * marked as a lead, of prose length and with few links.
 */
function findLead(topCandidate: Element): Element | null {
  let node: Element = topCandidate;
  for (let level = 0; level < LEAD_LEVELS; level++) {
    let sibling = node.prev;
    while (sibling) {
      if (isTag(sibling)) {
        const lead = firstDescendantOrSelf(sibling, isLeadParagraph);
        if (lead) return lead;
      }
      sibling = sibling.prev;
    }
    const parent = parentInArticle(node);
    if (!parent) break;
    node = parent;
  }
  return null;
}

/** The element around `node`, or null where climbing would leave its `<article>` or `<main>` or reach `<body>`. */
function parentInArticle(node: Element): Element | null {
  const parent = node.parent;
  if (!parent || !isTag(parent) || parent.name === 'body' || node.name === 'article' || node.name === 'main')
    return null;
  return parent;
}

function contains(ancestor: Element, element: Element): boolean {
  for (let node: ParentNode | null = element; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

function firstDescendantOrSelf(element: Element, predicate: (element: Element) => boolean): Element | null {
  return predicate(element) ? element : firstDescendant(element, predicate);
}
