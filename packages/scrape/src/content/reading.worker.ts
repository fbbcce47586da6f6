import { parentPort, workerData } from 'node:worker_threads';
import { decodeText } from '@quarry/net/charset';
import { ScrapeError } from '../domain/scrape.error';
import { readHtml } from './html-content';
import { readPdf } from './pdf-content';
import type { HtmlSource, ReadingAnswer, ReadingTask, ReadingThreadData } from './reading-task';
import { niceThisThread } from './thread-niceness';

niceThisThread((workerData as ReadingThreadData).nice);

/** The thread side of `PageReader`: reads one page per message and answers with the reading or the scrape error. */
parentPort!.on('message', (task: ReadingTask) => {
  void answer(task).then((reply) => parentPort!.postMessage(reply));
});

async function answer(task: ReadingTask): Promise<ReadingAnswer> {
  try {
    const reading =
      task.kind === 'html'
        ? readHtml(markup(task.source), task.finalUrl, task.requestedUrl, task.allowShell, task.asked)
        : { kind: 'content' as const, content: await readPdf(Buffer.from(task.body), task.requestedUrl) };
    return { reading };
  } catch (error) {
    if (error instanceof ScrapeError) return { error: { code: error.code, message: error.message } };
    return { error: { code: 'SCRAPE_FAILED', message: `The page could not be read: ${String(error)}` } };
  }
}

function markup(source: HtmlSource): string {
  if ('html' in source) return source.html;
  const { body, contentType } = source;
  return decodeText(Buffer.from(body.buffer, body.byteOffset, body.byteLength), contentType);
}
