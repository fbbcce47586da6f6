import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable, Optional } from '@nestjs/common';
import { JobQueue } from '@quarry/queue';
import type { FrontierPage } from '../ports/crawl-frontier';
import { CRAWL_PAGE_QUEUE, type CrawlPageMessage, pageJobId } from './crawl-job-queues';

/** Pages queued between two turns of the event loop, so that queuing a whole sitemap never holds the API's answers. */
const PAGES_PER_TURN = 100;

/** Queues page fetches, once per page: queuing a page again while its job exists changes nothing. */
@Injectable()
export class PageQueue {
  constructor(@Optional() private readonly queue?: JobQueue) {}

  async enqueue(crawlId: string, pages: readonly FrontierPage[]): Promise<void> {
    if (!this.queue) return;
    for (const [index, page] of pages.entries()) {
      if (index > 0 && index % PAGES_PER_TURN === 0) await nextTurn();
      await this.queue.add<CrawlPageMessage>(
        CRAWL_PAGE_QUEUE,
        { crawlId, pageId: page.id, url: page.url, depth: page.depth },
        { jobId: pageJobId(crawlId, page.id) },
      );
    }
  }
}
