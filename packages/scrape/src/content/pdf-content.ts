import { isMissingPackage } from '@quarry/core';
import { ScrapeError } from '../domain/scrape.error';
import { PageContent } from './page-content';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type TextItem = import('pdfjs-dist/types/src/display/api').TextItem;

/** The build of pdfjs-dist, an optional peer dependency, that reads PDFs. */
const PDFJS_MODULE = 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js, loaded when the first PDF arrives (it is large, and only PDFs need it). */
function loadPdfJs(module: string, requestedUrl: string): PdfJs {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an optional peer, loaded on first use
    return require(module) as PdfJs;
  } catch (error) {
    if (!isMissingPackage(error, module)) throw error;
    throw new ScrapeError(
      'UNREADABLE_CONTENT',
      'The page is a PDF, and reading PDFs needs the pdfjs-dist package, which this server does not have installed.',
      requestedUrl,
    );
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A PDF's text as Markdown paragraphs, page by page; the title from its metadata or first line.
 * `pdfjsModule` is where pdf.js is loaded from.
 */
export async function readPdf(
  body: Buffer,
  requestedUrl: string,
  pdfjsModule: string = PDFJS_MODULE,
): Promise<PageContent> {
  const pdfjs = loadPdfJs(pdfjsModule, requestedUrl);
  let paragraphs: string[] = [];
  let metadataTitle: string | undefined;
  try {
    const document = await pdfjs.getDocument({
      data: new Uint8Array(body),
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
    try {
      const info = (await document.getMetadata()).info as { Title?: unknown };
      metadataTitle = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined;
      for (let number = 1; number <= document.numPages; number++) {
        const page = await document.getPage(number);
        const { items } = await page.getTextContent();
        paragraphs = paragraphs.concat(paragraphsOf(items.filter((item): item is TextItem => 'str' in item)));
        page.cleanup();
      }
    } finally {
      await document.destroy();
    }
  } catch (error) {
    throw new ScrapeError(
      'UNREADABLE_CONTENT',
      `The PDF could not be read: ${(error as Error).message}`,
      requestedUrl,
    );
  }
  if (paragraphs.length === 0)
    throw new ScrapeError(
      'UNREADABLE_CONTENT',
      'The PDF has no text (it may be scanned images).',
      requestedUrl,
    );
  return {
    title: metadataTitle ?? paragraphs[0].slice(0, 200),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    markdown: `${paragraphs.join('\n\n')}\n`,
  };
}

/** Joins text runs into lines, and lines into paragraphs where the vertical gap is wider than a line. */
function paragraphsOf(items: TextItem[]): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let line = '';
  let lastY: number | undefined;
  let lineHeight = 0;
  const endLine = () => {
    if (line.trim()) current.push(line.trim());
    line = '';
  };
  const endParagraph = () => {
    endLine();
    if (current.length) paragraphs.push(current.join(' ').replace(/\s+/g, ' '));
    current = [];
  };
  for (const item of items) {
    const y = item.transform[5];
    if (lastY !== undefined && y !== lastY) {
      const gap = Math.abs(lastY - y);
      endLine();
      if (lineHeight && gap > lineHeight * 1.6) endParagraph();
      lineHeight = lineHeight ? Math.min(lineHeight, gap) || lineHeight : gap;
    }
    line += item.str;
    lastY = y;
    if (item.hasEOL) line += ' ';
  }
  endParagraph();
  return paragraphs;
}
