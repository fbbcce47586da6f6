import type { CrawlEntry, CrawlProgress, CrawlStatus } from '@quarry/crawl';
import { html } from '../html';

const STATUS: Record<CrawlStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** "Crawl" or "Batch scrape". */
export const crawlKind = (entry: CrawlEntry) => (entry.kind === 'crawl' ? 'Crawl' : 'Batch scrape');

/** What the job fetches: a crawl's start URL, or how many URLs a batch has. */
export const crawlTarget = (entry: CrawlEntry) =>
  entry.url ?? `${entry.urlCount} URL${entry.urlCount === 1 ? '' : 's'}`;

/** True while the job can still be cancelled. */
export const crawlRunning = (progress: CrawlProgress) =>
  progress.status === 'queued' || progress.status === 'running';

/** The status, with why a job ended early or failed. */
export function crawlStatus(progress: CrawlProgress) {
  return html`${STATUS[progress.status]}${
    progress.reason === 'credits'
      ? html`<br /><span class="hint">Stopped when the balance ran out.</span>`
      : ''
  }${progress.error ? html`<br /><span class="hint">${progress.error.message}</span>` : ''}`;
}

/** Pages recorded of those found: "12 of 40 pages", with a progress bar while the job runs. */
export function crawlPages(progress: CrawlProgress) {
  const recorded = progress.completed + progress.failed;
  const text = `${progress.completed} of ${progress.total} page${progress.total === 1 ? '' : 's'}`;
  return crawlRunning(progress) && progress.total > 0
    ? html`<progress max="${progress.total}" value="${recorded}" aria-label="Pages recorded">
          ${recorded} of ${progress.total}
        </progress>
        ${text}`
    : text;
}
