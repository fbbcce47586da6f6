import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { ScrapeError } from '../domain/scrape.error';
import { SCRAPE_SETTINGS, ScrapeSettings } from '../scrape-options.interface';
import type { PageExtras } from '../domain/scrape-result';
import type { HtmlReading } from './html-content';
import type { PageContent } from './page-content';
import type { HtmlSource, ReadingAnswer, ReadingTask, ReadingThreadData } from './reading-task';
import { WorkerPool, WorkerTaskError } from './worker-pool';

/** Young-generation space of a reading thread: parsing makes many short-lived strings. */
const YOUNG_GENERATION_MB = 48;

/**
 * Reads HTML and PDF pages on worker threads (`readingThreads` of them), so that no page, however
 * hostile its markup, holds the event loop; each reading gets what is left of the request's
 * `timeoutMs`, and a thread still reading past it is terminated (`TIMEOUT`). A thread that needs
 * more than `readingMemoryMb` is stopped too (`TOO_LARGE`). The threads run at `readingNice`, below
 * the event loop.
 */
@Injectable()
export class PageReader implements OnModuleDestroy {
  private readonly pool: WorkerPool;

  constructor(@Inject(SCRAPE_SETTINGS) private readonly settings: ScrapeSettings) {
    this.pool = new WorkerPool({
      script: readingWorkerScript(),
      size: settings.readingThreads,
      resourceLimits: {
        maxOldGenerationSizeMb: settings.readingMemoryMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
      workerData: { nice: settings.readingNice } satisfies ReadingThreadData,
    });
  }

  /**
   * Main content of an HTML page (its markup, or its bytes with their `Content-Type`, which are
   * handed over to the reading thread) with the `text` and `links` asked for, or the verdict that
   * it is a script shell; `deadline` in epoch ms.
   */
  html(
    page: string | { body: Buffer; contentType: string | null },
    finalUrl: string,
    requestedUrl: string,
    allowShell: boolean,
    deadline: number,
    asked: PageExtras,
  ): Promise<HtmlReading> {
    const source: HtmlSource =
      typeof page === 'string'
        ? { html: page }
        : { body: transferable(page.body), contentType: page.contentType };
    const transfer = 'body' in source ? [source.body.buffer] : [];
    return this.read({ kind: 'html', source, finalUrl, requestedUrl, allowShell, asked }, deadline, transfer);
  }

  /** The text of a PDF, whose bytes are handed over to the reading thread. */
  async pdf(body: Buffer, requestedUrl: string, deadline: number): Promise<PageContent> {
    const copy = transferable(body);
    const reading = await this.read({ kind: 'pdf', body: copy, requestedUrl }, deadline, [copy.buffer]);
    if (reading.kind !== 'content') throw new Error('A PDF reading has content.');
    return reading.content;
  }

  onModuleDestroy(): Promise<void> {
    return this.pool.close();
  }

  private async read(
    task: ReadingTask,
    deadline: number,
    transfer: ArrayBuffer[] = [],
  ): Promise<HtmlReading> {
    const url = task.requestedUrl;
    const left = deadline - Date.now();
    if (left <= 0) throw timeout(url);
    let answer: ReadingAnswer;
    try {
      answer = await this.pool.run<ReadingAnswer>(task, left, transfer);
    } catch (error) {
      if (!(error instanceof WorkerTaskError)) throw error;
      if (error.failure === 'deadline') throw timeout(url);
      if (error.failure === 'memory')
        throw new ScrapeError(
          'TOO_LARGE',
          `Reading the page needs more than ${this.settings.readingMemoryMb} MB.`,
          url,
        );
      throw new ScrapeError('SCRAPE_FAILED', 'The page could not be read.', url);
    }
    if ('error' in answer) throw new ScrapeError(answer.error.code, answer.error.message, url);
    return answer.reading;
  }
}

/**
 * The bytes in a memory block of their own, to be transferred to the reading thread: a body that
 * has its block to itself (any body larger than Node's 4 KiB pool slices) is handed over as it is,
 * and unusable here afterwards, rather than copied; a smaller one is copied out of the shared pool.
 */
function transferable(body: Buffer): Uint8Array<ArrayBuffer> {
  const ownsBlock =
    body.buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  return ownsBlock ? new Uint8Array(body.buffer) : new Uint8Array(body);
}

function timeout(url: string): ScrapeError {
  return new ScrapeError('TIMEOUT', 'The page could not be read within timeoutMs.', url);
}

/** The compiled worker beside this file; tests run the sources, so they take it from the package's build. */
function readingWorkerScript(): string {
  const candidates = [
    join(__dirname, 'reading.worker.js'),
    join(__dirname, '../../dist/content/reading.worker.js'),
  ];
  const script = candidates.find((candidate) => existsSync(candidate));
  if (!script)
    throw new Error(`The reading worker is not built (${candidates[1]}): build @quarry/scrape first.`);
  return script;
}
