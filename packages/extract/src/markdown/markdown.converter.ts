import type { Element } from 'domhandler';
import TurndownService from 'turndown';
import { reparsesUnchanged } from './reparses-unchanged';
import { toTurndownTree } from './turndown-tree';

/** The part of turndown's DOM (domino) these rules use; the package builds without the DOM lib. */
interface TurndownNode {
  nodeName: string;
  isBlock?: boolean;
  textContent: string | null;
  childNodes: ArrayLike<unknown>;
  children: ArrayLike<TurndownNode>;
  firstElementChild: TurndownNode | null;
  previousElementSibling: TurndownNode | null;
  getAttribute(name: string): string | null;
  closest(selector: string): TurndownNode | null;
  querySelectorAll(selector: string): ArrayLike<TurndownNode>;
}

/** What turndown's typings call an HTML element; the package builds without the DOM lib. */
type HTMLInput = Parameters<TurndownService['turndown']>[0];

interface TableShape {
  firstRow: TurndownNode | undefined;
  columns: number;
}

const CELL_TAGS = new Set(['TD', 'TH']);
/** What turndown's escaping changes: `\ * ` [ ] _` anywhere, `- + = # ~ >` or a digit at the start. */
const NEEDS_ESCAPE = /[\\*`[\]_]|^[-+=#~>\d]/;

/** GitHub-flavoured Markdown from the cleaned content HTML: turndown plus tables, strikethrough and fenced code with its language. */
export class MarkdownConverter {
  private readonly turndown: TurndownService;

  constructor() {
    this.turndown = new TurndownService({
      headingStyle: 'atx',
      hr: '---',
      bulletListMarker: '-',
      codeBlockStyle: 'fenced',
      fence: '```',
      emDelimiter: '_',
      strongDelimiter: '**',
      linkStyle: 'inlined',
      blankReplacement: (_content, node) => {
        const element = node as unknown as TurndownNode;
        if (CELL_TAGS.has(element.nodeName)) return tableCell('', element);
        if (element.nodeName === 'TR') return '';
        return element.isBlock ? '\n\n' : '';
      },
    });
    // Most texts hold nothing turndown escapes; its thirteen replacements run only on those that do.
    const escapeAll = this.turndown.escape.bind(this.turndown);
    this.turndown.escape = (text) => (NEEDS_ESCAPE.test(text) ? escapeAll(text) : text);
    this.turndown.addRule('strikethrough', {
      filter: ['del', 's', 'strike'] as TurndownService.Filter,
      replacement: (content) => (content.trim() ? `~~${content}~~` : content),
    });
    this.turndown.addRule('fencedCode', {
      filter: 'pre',
      replacement: (_content, node) => fencedCode(node as unknown as TurndownNode),
    });
    this.turndown.addRule('tableCell', {
      filter: ['th', 'td'],
      replacement: (content, node) => tableCell(content, node as unknown as TurndownNode),
    });
    this.turndown.addRule('tableRow', {
      filter: 'tr',
      replacement: (content, node) => tableRow(content, node as unknown as TurndownNode),
    });
    this.turndown.addRule('tableSection', {
      filter: ['thead', 'tbody', 'tfoot'],
      replacement: (content) => content,
    });
    this.turndown.addRule('tableCaption', {
      filter: 'caption',
      replacement: (content) => `${content.trim()}\n\n`,
    });
    this.turndown.addRule('table', {
      filter: 'table',
      replacement: (content) => `\n\n${content.replace(/\n{2,}/g, '\n').trim()}\n\n`,
    });
  }

  /**
   * GitHub-flavoured Markdown of `html`. `content`, when given, is the element whose children
   * `html` was serialised from: turndown then reads that tree instead of parsing `html` again,
   * unless an HTML parser would build a different tree from `html` (the cleaning steps can nest
   * what HTML parsing repairs), so the Markdown is the same either way.
   */
  convert(html: string, content?: Element): string {
    if (!html) return '';
    const input =
      content && reparsesUnchanged(content) ? (toTurndownTree(content) as unknown as HTMLInput) : html;
    return this.turndown
      .turndown(input)
      .replace(/[ \t]+$/gm, (spaces, offset: number, whole: string) =>
        spaces === '  ' && whole[offset + 2] === '\n' ? spaces : '',
      )
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
}

function fencedCode(pre: TurndownNode): string {
  const code =
    pre.firstElementChild?.nodeName === 'CODE' && pre.childNodes.length === 1 ? pre.firstElementChild : null;
  const language = languageOf(pre) ?? (code ? languageOf(code) : undefined) ?? '';
  const text = (pre.textContent ?? '').replace(/^\n/, '').replace(/\n+$/, '');
  let fence = '```';
  const runs = text.match(/`{3,}/g);
  if (runs) fence = '`'.repeat(Math.max(...runs.map((run) => run.length)) + 1);
  return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
}

function languageOf(element: TurndownNode): string | undefined {
  return /(?:^|\s)language-(\S+)/.exec(element.getAttribute('class') ?? '')?.[1];
}

function cellIndex(cell: TurndownNode): number {
  let index = 0;
  for (let sibling = cell.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
    if (CELL_TAGS.has(sibling.nodeName)) index++;
  }
  return index;
}

function tableCell(content: string, cell: TurndownNode): string {
  // A cell never starts a block, so turndown's escapes for list and heading markers are noise there.
  const text = content
    .replace(/\s*\n+\s*/g, ' ')
    .trim()
    .replace(/^\\([-+#>=])/, '$1')
    .replace(/^(\d+)\\\./, '$1.')
    .replace(/\|/g, '\\|');
  const span = Math.min(Math.max(Number(cell.getAttribute('colspan')) || 1, 1), 50);
  const prefix = cellIndex(cell) === 0 ? '| ' : ' ';
  return `${prefix}${text} |${' |'.repeat(span - 1)}`;
}

const tableShapes = new WeakMap<TurndownNode, TableShape>();

function tableShape(table: TurndownNode | null, row: TurndownNode): TableShape {
  if (!table) return { firstRow: row, columns: columnCount(row) };
  let shape = tableShapes.get(table);
  if (!shape) {
    const rows = Array.from(table.querySelectorAll('tr')).filter((tr) => tr.closest('table') === table);
    shape = { firstRow: rows[0], columns: Math.max(1, ...rows.map(columnCount)) };
    tableShapes.set(table, shape);
  }
  return shape;
}

function tableRow(content: string, row: TurndownNode): string {
  const { firstRow, columns } = tableShape(row.closest('table'), row);
  let line = content.trim();
  if (!line.startsWith('|')) line = `| ${line}`;
  const missing = columns - columnCount(row);
  if (missing > 0) line += ' |'.repeat(missing);
  if (firstRow !== row) return `\n${line}`;
  return `\n${line}\n|${' --- |'.repeat(columns)}`;
}

function columnCount(row: TurndownNode): number {
  let count = 0;
  for (const cell of Array.from(row.children)) {
    if (CELL_TAGS.has(cell.nodeName))
      count += Math.min(Math.max(Number(cell.getAttribute('colspan')) || 1, 1), 50);
  }
  return count;
}
