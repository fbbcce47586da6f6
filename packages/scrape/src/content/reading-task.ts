import type { ScrapeErrorCode } from '../domain/scrape.error';
import type { PageExtras } from '../domain/scrape-result';
import type { HtmlReading } from './html-content';

/** A page handed to a reading thread. */
export type ReadingTask =
  | {
      kind: 'html';
      html: string;
      finalUrl: string;
      requestedUrl: string;
      allowShell: boolean;
      asked: PageExtras;
    }
  | { kind: 'pdf'; body: Uint8Array; requestedUrl: string };

/** A reading thread's answer: the reading, or the scrape error it ended in. */
export type ReadingAnswer = { reading: HtmlReading } | { error: { code: ScrapeErrorCode; message: string } };
