import type { PageExtras } from '../domain/scrape-result';
import { ScrapeError } from '../domain/scrape.error';
import type { HtmlReading } from './html-content';
import { FetchedPage } from './page-content';
import type { PageReader } from './page-reader';
import { readText } from './text-content';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

function isText(mediaType: string): boolean {
  return (
    mediaType.startsWith('text/') ||
    /^application\/([\w.-]+\+)?(json|xml)$/.test(mediaType) ||
    mediaType === 'application/x-ndjson'
  );
}

/**
 * Readable content of a fetched page by its type: HTML, PDF, or text; anything else is unreadable.
 * HTML and PDF are read by `reader`, within `deadline` (epoch ms); `text` and `links` are read from HTML only.
 */
export async function readPage(
  page: FetchedPage,
  requestedUrl: string,
  reader: PageReader,
  deadline: number,
  asked: PageExtras,
): Promise<HtmlReading> {
  const mediaType = page.contentType ?? sniff(page.body);
  if (HTML_TYPES.has(mediaType))
    return reader.html(
      { body: page.body, contentType: page.headers.get('content-type') },
      page.finalUrl,
      requestedUrl,
      true,
      deadline,
      asked,
    );
  if (mediaType === 'application/pdf')
    return { kind: 'content', content: await reader.pdf(page.body, requestedUrl, deadline) };
  if (isText(mediaType)) return { kind: 'content', content: readText(page.text(), mediaType) };
  throw new ScrapeError(
    'UNREADABLE_CONTENT',
    `Content of type ${mediaType} cannot be converted to Markdown.`,
    requestedUrl,
  );
}

/** The type of a body sent without Content-Type, from its first bytes. */
function sniff(body: Buffer): string {
  const head = body.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('%pdf-')) return 'application/pdf';
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || /<(head|body|p|div)\b/.test(head))
    return 'text/html';
  return 'application/octet-stream';
}
