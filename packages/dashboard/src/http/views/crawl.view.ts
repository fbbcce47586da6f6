import type { CrawlEntry, CrawlPage, CrawlResults } from '@quarry/crawl';
import { html } from '../html';
import { crawlKind, crawlPages, crawlRunning, crawlStatus, crawlTarget } from './crawl-progress';
import { credits, csrfField, formatDate, page, type PageContext } from './layout';

/** Where the Markdown of the `index`-th page of the results after `cursor` is shown. */
export const crawlPageHref = (context: PageContext, jobId: string, index: number, cursor?: string) =>
  `${context.basePath}/crawls/${jobId}/pages/${index}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** Where the results after `cursor` are listed. */
export const crawlResultsHref = (context: PageContext, jobId: string, cursor?: string) =>
  `${context.basePath}/crawls/${jobId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}#pages`;

/** One crawl or batch: its progress, a cancel button while it runs, and its recorded pages, 100 at a time. */
export function crawlPage(
  context: PageContext,
  model: { entry: CrawlEntry; results: CrawlResults; cursor?: string; notice?: string },
) {
  const { entry, results, cursor } = model;
  return page(
    context,
    `${crawlKind(entry)} of ${crawlTarget(entry)}`,
    html`${model.notice ? html`<p class="notice" role="status">${model.notice}</p>` : ''}
      <p><a href="${context.basePath}/jobs">Back to the jobs</a></p>
      <dl class="facts">
        <dt>Status</dt>
        <dd>${crawlStatus(entry)}</dd>
        <dt>Scraped</dt>
        <dd>${crawlPages(entry)}</dd>
        <dt>Failed</dt>
        <dd>${entry.failed} page${entry.failed === 1 ? '' : 's'}</dd>
        <dt>Credits used</dt>
        <dd>${credits(entry.creditsUsed)}</dd>
        <dt>Submitted</dt>
        <dd>${formatDate(entry.createdAt)}</dd>
        <dt>Kept until</dt>
        <dd>${formatDate(entry.expiresAt)}</dd>
      </dl>
      ${
        crawlRunning(entry)
          ? html`<div class="actions">
              <form class="inline" method="post" action="${context.basePath}/crawls/${entry.jobId}/cancel">
                ${csrfField(context)}<button type="submit" class="danger">
                  Cancel ${crawlKind(entry).toLowerCase()}
                </button>
              </form>
            </div>`
          : ''
      }
      <h2 id="pages">Pages</h2>
      <div class="table-wrap">
        <table class="stack">
          <caption class="hint">
            ${cursor ? 'Later pages' : 'Pages'} in the order they were recorded, 100 at a time
          </caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Result</th>
              <th scope="col">Title</th>
              <th scope="col">Markdown</th>
            </tr>
          </thead>
          <tbody>
            ${
              results.pages.length
                ? results.pages.map((recorded, index) => pageRow(context, entry, recorded, index, cursor))
                : html`<tr>
                    <td colspan="4">
                      ${cursor ? 'No pages recorded after these yet.' : 'No pages recorded yet.'}
                    </td>
                  </tr>`
            }
          </tbody>
        </table>
      </div>
      <nav aria-label="Result pages" class="actions">
        ${cursor ? html`<a href="${crawlResultsHref(context, entry.jobId)}">First pages</a>` : ''}
        ${
          results.next && results.pages.length
            ? html`<a href="${crawlResultsHref(context, entry.jobId, results.next)}" rel="next"
                >Next pages</a
              >`
            : ''
        }
      </nav>`,
  );
}

function pageRow(
  context: PageContext,
  entry: CrawlEntry,
  recorded: CrawlPage,
  index: number,
  cursor?: string,
) {
  return html`<tr>
    <td data-label="URL" class="secret">${recorded.url}</td>
    ${
      recorded.status === 'completed'
        ? html`<td data-label="Result">Scraped</td>
            <td data-label="Title">${recorded.title ?? '—'}</td>
            <td data-label="Markdown">
              <a
                href="${crawlPageHref(context, entry.jobId, index, cursor)}"
                aria-label="Markdown of ${recorded.url}"
                >Markdown</a
              >
            </td>`
        : html`<td data-label="Result">
              Failed: <span class="secret">${recorded.error}</span><br /><span class="hint"
                >${recorded.message}</span
              >
            </td>
            <td data-label="Title">—</td>
            <td data-label="Markdown">—</td>`
    }
  </tr>`;
}
