import type { ScrapeErrorCode } from '../domain/scrape.error';
import type { PageExtras } from '../domain/scrape-result';
import type { HtmlReading } from './html-content';

/**
 * An HTML page as the reading thread gets it: markup already text (a rendered page), or the bytes
 * as they arrived with their `Content-Type` header (for its charset), decoded on the thread so a large page costs the event
 * loop no more than handing its bytes over.
 */
export type HtmlSource = { html: string } | { body: Uint8Array<ArrayBuffer>; contentType: string | null };

/** A page handed to a reading thread. */
export type ReadingTask =
  | {
      kind: 'html';
      source: HtmlSource;
      finalUrl: string;
      requestedUrl: string;
      allowShell: boolean;
      asked: PageExtras;
    }
  | { kind: 'pdf'; body: Uint8Array; requestedUrl: string };

/** A reading thread's answer: the reading, or the scrape error it ended in. */
export type ReadingAnswer = { reading: HtmlReading } | { error: { code: ScrapeErrorCode; message: string } };

/** What each reading thread is started with. */
export interface ReadingThreadData {
  /** The thread's scheduling niceness; 0 leaves it as the process's. */
  nice: number;
}
