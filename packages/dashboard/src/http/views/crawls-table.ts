import type { CrawlEntry } from '@quarry/crawl';
import { html } from '../html';
import { crawlKind, crawlPages, crawlStatus, crawlTarget } from './crawl-progress';
import { credits, formatDate, type PageContext } from './layout';

/** The jobs page's table of recent crawls and batch scrapes, each linking its own page. */
export function crawlsTable(context: PageContext, crawls: CrawlEntry[]) {
  return html`<div class="table-wrap">
    <table class="stack">
      <caption>
        Recent crawls and batch scrapes, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Submitted</th>
          <th scope="col">Kind</th>
          <th scope="col">Pages asked for</th>
          <th scope="col">Status</th>
          <th scope="col">Scraped</th>
          <th scope="col">Failed</th>
          <th scope="col">Credits used</th>
        </tr>
      </thead>
      <tbody>
        ${
          crawls.length
            ? crawls.map(
                (entry) =>
                  html`<tr>
                    <td data-label="Submitted">${formatDate(entry.createdAt)}</td>
                    <td data-label="Kind">${crawlKind(entry)}</td>
                    <td data-label="Pages asked for">
                      <a class="secret" href="${context.basePath}/crawls/${entry.jobId}"
                        >${crawlTarget(entry)}</a
                      >
                    </td>
                    <td data-label="Status">${crawlStatus(entry)}</td>
                    <td data-label="Scraped">${crawlPages(entry)}</td>
                    <td data-label="Failed">${entry.failed}</td>
                    <td data-label="Credits used">${credits(entry.creditsUsed)}</td>
                  </tr>`,
              )
            : html`<tr>
                <td colspan="7">No crawls or batch scrapes yet.</td>
              </tr>`
        }
      </tbody>
    </table>
  </div>`;
}
