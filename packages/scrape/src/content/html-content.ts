import {
  extract,
  ExtractError,
  pageLinks,
  parsePage,
  selectedText,
  showsSignInForm,
  visibleText,
  type ParsedPage,
} from '@quarry/extract';
import type { PageExtras, PageText, PageTextRequest } from '../domain/scrape-result';
import { ScrapeError } from '../domain/scrape.error';
import { PageContent } from './page-content';

/** Below this much Markdown a page that runs scripts is treated as a shell that needs rendering. */
const SHELL_MAX_CHARS = 200;
/** Below this much Markdown a page that shows a sign-in form as its content is a login wall. */
const LOGIN_WALL_MAX_CHARS = 1000;

export type HtmlReading = { kind: 'content'; content: PageContent } | { kind: 'script-shell' };

/**
 * Main content of an HTML page (with the `text` and `links` asked for), or the verdict that it is a
 * script shell to render in a browser. The page is parsed once for all of them.
 */
export function readHtml(
  html: string,
  url: string,
  requestedUrl: string,
  allowShell: boolean,
  asked: PageExtras,
): HtmlReading {
  const page = parse(html, requestedUrl);
  let content: PageContent | undefined;
  try {
    const { title, html: cleaned, markdown } = extract(page, { url });
    content = { title, html: cleaned, markdown };
  } catch (error) {
    if (!(error instanceof ExtractError)) throw error;
  }
  const chars = content?.markdown.trim().length ?? 0;
  if (allowShell && chars < SHELL_MAX_CHARS && /<script\b/i.test(html)) return { kind: 'script-shell' };
  if (chars < LOGIN_WALL_MAX_CHARS && showsSignInForm(page, content?.html)) {
    throw new ScrapeError(
      'AUTH_REQUIRED',
      'The page asks to sign in before it shows its content.',
      requestedUrl,
    );
  }
  if (!content || chars === 0)
    throw new ScrapeError('UNREADABLE_CONTENT', 'The page has no readable content.', requestedUrl);
  return {
    kind: 'content',
    content: {
      ...content,
      ...(asked.text ? { text: pageText(page, asked.text) } : {}),
      ...(asked.links ? { links: pageLinks(page, url) } : {}),
    },
  };
}

/** The page parsed; `TOO_LARGE` past the parser's limits. */
function parse(html: string, requestedUrl: string): ParsedPage {
  try {
    return parsePage(html);
  } catch (error) {
    if (error instanceof ExtractError && error.code === 'TOO_LARGE')
      throw new ScrapeError('TOO_LARGE', error.message, requestedUrl);
    throw error;
  }
}

function pageText(page: ParsedPage, request: PageTextRequest): PageText {
  return request.scope === 'page'
    ? { text: visibleText(page), matched: 1 }
    : selectedText(page, request.selector);
}
