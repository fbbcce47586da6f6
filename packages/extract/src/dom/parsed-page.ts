import type { Document } from 'domhandler';
import { parseHtml } from './html-parser';

/**
 * A page parsed once for several readers (`extract`, `pageLinks`, `visibleText`, `selectedText`,
 * `showsSignInForm`), which all leave it as they found it.
 */
export interface ParsedPage {
  readonly html: string;
  readonly document: Document;
}

/** What every reader takes: a page's markup, or the page already parsed with {@link parsePage}. */
export type PageInput = string | ParsedPage;

/**
 * Parses `html` as browsers do (see `parseHtml`).
 *
 * @throws ExtractError (code `TOO_LARGE`) when the markup is past the parser's limits.
 */
export function parsePage(html: string): ParsedPage {
  return { html, document: parseHtml(html) };
}

export function parsed(page: PageInput): ParsedPage {
  return typeof page === 'string' ? parsePage(page) : page;
}
