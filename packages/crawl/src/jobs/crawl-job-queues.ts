/** The queue that follows crawls and batches (seeds them, waits for their pages, ends them); job data `{ jobId }`. */
export const CRAWL_QUEUE = 'crawl';
/** The queue that delivers the final callback (`completed` or `failed`); job data `{ jobId }`. */
export const CRAWL_CALLBACK_QUEUE = 'crawl-callback';
/** The queue of page fetches, spread over every worker; job data `CrawlPageMessage`. */
export const CRAWL_PAGE_QUEUE = 'crawl-page';
/** The queue of the `started` and `page` callback events; job data `CrawlEventMessage`. */
export const CRAWL_EVENT_QUEUE = 'crawl-event';

/** A page to fetch: its frontier id, with the URL and depth it was recorded with, so no read is needed to start. */
export interface CrawlPageMessage {
  crawlId: string;
  pageId: string;
  url: string;
  depth: number;
}

/** The queue options of a page fetch: once per page whatever queues it again. */
export function pageJobId(crawlId: string, pageId: string): string {
  return `crawl-page-${crawlId}-${pageId}`;
}
