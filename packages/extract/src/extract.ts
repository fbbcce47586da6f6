import type { Document, Element } from 'domhandler';
import { pruneBoilerplate } from './content/boilerplate.pruner';
import { cleanContent } from './content/content.cleaner';
import { writeContentHtml } from './content/content-html.writer';
import { detectMainContent } from './content/main-content.detector';
import { linkedDataBody } from './content/linked-data-body';
import { hasReadableContent } from './content/readable-content';
import { createElement, descendants, firstDescendant, hasText } from './dom/html-tree';
import { parsed, type PageInput } from './dom/parsed-page';
import { textLength } from './content/content-signals';
import { ExtractError } from './extract-error';
import type { ExtractOptions, ExtractResult } from './extract.types';
import { MarkdownConverter } from './markdown/markdown.converter';
import { readPageMetadata } from './metadata/page-metadata.reader';

interface Attempt {
  stripUnlikely: boolean;
  weightClasses: boolean;
  cleanConditionally: boolean;
}

/** Strict first; each later attempt runs only when the previous one found too little text (as Readability retries). */
const ATTEMPTS: Attempt[] = [
  { stripUnlikely: true, weightClasses: true, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: true, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: false, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: false, cleanConditionally: false },
];

/** Markup that shows less than this share of the JSON-LD `articleBody` has missed the story. */
const LINKED_DATA_SHARE = 0.3;

const markdownConverter = new MarkdownConverter();

/**
 * Extracts the readable main content of an HTML page as cleaned HTML and GitHub-flavoured
 * Markdown, with links and images made absolute against `options.url` (and `<base href>`).
 * Deterministic: the same input always gives the same output. `page` is the page's markup, or the
 * page parsed once with `parsePage` for other readers too.
 *
 * @throws ExtractError (code `UNREADABLE_CONTENT`) when the page has no readable text, (code
 * `TOO_LARGE`) when its markup is past the parser's limits; never anything else.
 */
export function extract(page: PageInput, options: ExtractOptions): ExtractResult {
  const html = typeof page === 'string' ? page : page?.html;
  if (typeof html !== 'string' || html.trim() === '')
    throw new ExtractError('The page is empty.', options?.url);
  try {
    return extractFrom(page, options);
  } catch (error) {
    if (error instanceof ExtractError) throw withUrl(error, options.url);
    throw new ExtractError(
      `The page could not be read: ${error instanceof Error ? error.message : String(error)}`,
      options.url,
    );
  }
}

function extractFrom(page: PageInput, options: ExtractOptions): ExtractResult {
  const minLength = options.minContentLength ?? 500;
  // Parsed once; each attempt works on a copy, as each prunes the tree it is given.
  const { document } = parsed(page);
  const firstDocument = document.cloneNode(true);
  if (!hasReadableContent(firstDocument))
    throw new ExtractError('The page has no readable text.', options.url);
  const metadata = readPageMetadata(firstDocument);
  const baseUrl = resolveBaseUrl(metadata.baseHref, options.url);

  let best: { article: Element; length: number } | null = null;
  for (let i = 0; i < ATTEMPTS.length; i++) {
    const attempt = ATTEMPTS[i];
    const body = bodyOf(i === 0 ? firstDocument : document.cloneNode(true));
    pruneBoilerplate(body, { stripUnlikely: attempt.stripUnlikely });
    const article = detectMainContent(body, { weightClasses: attempt.weightClasses });
    cleanContent(article, {
      cleanConditionally: attempt.cleanConditionally,
      titles: [metadata.title, metadata.documentTitle],
    });
    const length = textLength(article);
    if (!best || length > best.length) best = { article, length };
    if (length >= minLength) break;
  }

  if (!best || best.length < minLength / 4) {
    const whole = wholePage(document.cloneNode(true));
    const length = textLength(whole);
    if (!best || length > best.length * 2) best = { article: whole, length };
  }

  // A script-rendered page may declare far more of its story in JSON-LD than its markup shows.
  if (metadata.articleBody) {
    const declared = linkedDataBody(metadata.articleBody);
    const length = textLength(declared);
    if (length >= minLength && best!.length < length * LINKED_DATA_SHARE)
      best = { article: declared, length };
  }

  const article = best!.article;
  if (best!.length === 0 && !descendants(article).some((element) => element.name === 'img')) {
    throw new ExtractError('The page has no readable text.', options.url);
  }
  const contentHtml = writeContentHtml(article, {
    baseUrl,
    images: options.images ?? true,
    title: metadata.title,
  });
  const markdown = markdownConverter.convert(contentHtml, article);
  if (!markdown) throw new ExtractError('The page has no readable text.', options.url);

  // Some editors store accented letters decomposed ("u" + combining diaeresis for "ü", Bengali vowel
  // signs as two code points): they look the same but do not match the composed text (NFC) readers
  // search and compare with. One pass over each finished string is cheaper than one per text node.
  return {
    title: metadata.title,
    html: contentHtml.normalize('NFC'),
    markdown: markdown.normalize('NFC'),
    ...(metadata.language ? { language: metadata.language } : {}),
    ...(metadata.byline ? { byline: metadata.byline } : {}),
    ...(metadata.publishedAt ? { publishedAt: metadata.publishedAt } : {}),
  };
}

function withUrl(error: ExtractError, url: string): ExtractError {
  return error.url === undefined ? new ExtractError(error.message, url, error.code) : error;
}

/** Non-article pages (docs, listings, product pages): the page's <main> or body without chrome. */
function wholePage(document: Document): Element {
  const body = bodyOf(document);
  pruneBoilerplate(body, { stripUnlikely: true });
  const main = firstDescendant(body, (element) => element.name === 'main' || element.attribs.role === 'main');
  const root = main && hasText(main) ? main : body;
  return createElement('div', [...root.children]);
}

function bodyOf(document: Document): Element {
  return (
    firstDescendant(document, (element) => element.name === 'body') ??
    createElement('body', [...document.children])
  );
}

function resolveBaseUrl(baseHref: string | undefined, url: string): URL | null {
  let pageUrl: URL | null = null;
  try {
    pageUrl = new URL(url);
  } catch {
    pageUrl = null;
  }
  if (baseHref === undefined) return pageUrl;
  try {
    return new URL(baseHref.trim(), pageUrl ?? undefined);
  } catch {
    return pageUrl;
  }
}
