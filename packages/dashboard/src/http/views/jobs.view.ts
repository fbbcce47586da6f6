import type { CrawlEntry } from '@quarry/crawl';
import type { CallbackDelivery } from '@quarry/net';
import type { ScrapeJob } from '@quarry/scrape';
import type { VideoJob } from '@quarry/video';
import { html } from '../html';
import { crawlsTable } from './crawls-table';
import { formatDate, page, type PageContext } from './layout';

const STATUS: Record<ScrapeJob['status'], string> = {
  queued: 'Queued',
  processing: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

/** What every job row shows, whatever the job. */
interface JobRow {
  createdAt: Date;
  url: string;
  status: ScrapeJob['status'];
  attempts: number;
  progress?: number;
  errorMessage?: string;
  callbackUrl?: string;
  delivery?: CallbackDelivery;
}

function deliveryText(delivery: CallbackDelivery) {
  const { status, attempts, lastStatusCode, lastError } = delivery;
  const last = lastStatusCode ? `last answer ${lastStatusCode}` : lastError ? `last error: ${lastError}` : '';
  return `${status}, ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}${last ? `, ${last}` : ''}`;
}

function jobsTable(caption: string, rows: JobRow[], empty: string) {
  return html`<div class="table-wrap">
    <table class="stack">
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">Submitted</th>
          <th scope="col">Page</th>
          <th scope="col">Status</th>
          <th scope="col">Callback</th>
        </tr>
      </thead>
      <tbody>
        ${
          rows.length
            ? rows.map(
                (row) =>
                  html`<tr>
                    <td data-label="Submitted">${formatDate(row.createdAt)}</td>
                    <td data-label="Page" class="secret">${row.url}</td>
                    <td data-label="Status">
                      ${STATUS[row.status]}${
                        row.status === 'processing' && row.progress !== undefined
                          ? html` <progress max="100" value="${row.progress}" aria-label="Progress">
                                ${row.progress}%
                              </progress>
                              ${row.progress}%`
                          : ''
                      }${row.attempts > 1 ? ` (attempt ${row.attempts})` : ''}${
                        row.errorMessage ? html`<br /><span class="hint">${row.errorMessage}</span>` : ''
                      }
                    </td>
                    <td data-label="Callback">
                      ${
                        row.callbackUrl && row.delivery
                          ? html`<span class="secret">${row.callbackUrl}</span
                              ><br />${deliveryText(row.delivery)}`
                          : 'none'
                      }
                    </td>
                  </tr>`,
              )
            : html`<tr>
                <td colspan="4">${empty}</td>
              </tr>`
        }
      </tbody>
    </table>
  </div>`;
}

/**
 * Recent async scrapes and, where the host has them, video jobs (state, progress and callback
 * deliveries) and crawls and batch scrapes (progress, each linking its pages).
 */
export function jobsPage(
  context: PageContext,
  scrapes: ScrapeJob[],
  videos: VideoJob[] | undefined,
  crawls: CrawlEntry[] | undefined,
) {
  const scrapeRows = scrapes.map((job) => ({
    createdAt: job.createdAt,
    url: job.request.url,
    status: job.status,
    attempts: job.attempts,
    errorMessage: job.error?.message,
    callbackUrl: job.callback?.url,
    delivery: job.delivery,
  }));
  const videoRows = (videos ?? []).map((job) => ({
    createdAt: job.createdAt,
    url: job.request.url,
    status: job.status,
    attempts: job.attempts,
    progress: job.progress,
    errorMessage: job.error?.message,
    callbackUrl: job.callback?.url,
    delivery: job.delivery,
  }));
  return page(
    context,
    'Jobs',
    html`${jobsTable('Recent async scrapes, newest first', scrapeRows, 'No async scrapes yet.')}
    ${videos ? jobsTable('Recent video jobs, newest first', videoRows, 'No video jobs yet.') : ''}
    ${crawls ? crawlsTable(context, crawls) : ''}`,
  );
}
