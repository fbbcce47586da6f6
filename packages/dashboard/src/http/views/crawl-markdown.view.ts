import type { CrawlPage } from '@quarry/crawl';
import { html } from '../html';
import { crawlResultsHref } from './crawl.view';
import { formatDate, page, type PageContext } from './layout';

/** One scraped page of a crawl or batch: its Markdown as the results hold it. */
export function crawlMarkdownPage(
  context: PageContext,
  jobId: string,
  recorded: Extract<CrawlPage, { status: 'completed' }>,
  cursor: string | undefined,
) {
  return page(
    context,
    recorded.title ?? 'Untitled page',
    html`<p><a href="${crawlResultsHref(context, jobId, cursor)}">Back to the pages</a></p>
      <dl class="facts">
        <dt>URL</dt>
        <dd class="secret">${recorded.url}</dd>
        ${
          recorded.finalUrl !== recorded.url
            ? html`<dt>Redirected to</dt>
                <dd class="secret">${recorded.finalUrl}</dd>`
            : ''
        }
        <dt>Fetched</dt>
        <dd>${formatDate(new Date(recorded.fetchedAt))}</dd>
      </dl>
      <h2 id="page-markdown">Markdown</h2>
      <pre class="snapshot" tabindex="0" aria-labelledby="page-markdown">${recorded.markdown}</pre>`,
  );
}
