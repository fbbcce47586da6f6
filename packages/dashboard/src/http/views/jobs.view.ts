import type { ScrapeJob } from '@quarry/scrape';
import { html } from '../html';
import { formatDate, page, type PageContext } from './layout';

const STATUS: Record<ScrapeJob['status'], string> = {
  queued: 'Queued',
  processing: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

function delivery(job: ScrapeJob) {
  const { status, attempts, lastStatusCode, lastError } = job.delivery;
  const last = lastStatusCode ? `last answer ${lastStatusCode}` : lastError ? `last error: ${lastError}` : '';
  return `${status}, ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}${last ? `, ${last}` : ''}`;
}

/** Recent async scrapes with their state and the delivery of their callbacks. */
export function jobsPage(context: PageContext, jobs: ScrapeJob[]) {
  return page(
    context,
    'Jobs',
    html`<div class="table-wrap">
      <table class="stack">
        <caption>
          Recent async scrapes, newest first
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
            jobs.length
              ? jobs.map(
                  (job) =>
                    html`<tr>
                      <td data-label="Submitted">${formatDate(job.createdAt)}</td>
                      <td data-label="Page" class="secret">${job.request.url}</td>
                      <td data-label="Status">
                        ${STATUS[job.status]}${job.attempts > 1 ? ` (attempt ${job.attempts})` : ''}${
                          job.error ? html`<br /><span class="hint">${job.error.message}</span>` : ''
                        }
                      </td>
                      <td data-label="Callback">
                        <span class="secret">${job.callbackUrl}</span><br />${delivery(job)}
                      </td>
                    </tr>`,
                )
              : html`<tr>
                  <td colspan="4">No async scrapes yet.</td>
                </tr>`
          }
        </tbody>
      </table>
    </div>`,
  );
}
