import { Injectable, Optional } from '@nestjs/common';
import { JobQueue } from '@quarry/queue';
import type { FrontierPage } from '../ports/crawl-frontier';
import { CRAWL_PAGE_QUEUE, type CrawlPageMessage, pageJobId } from './crawl-job-queues';

/** Queues page fetches, once per page: queuing a page again while its job exists changes nothing. */
@Injectable()
export class PageQueue {
  constructor(@Optional() private readonly queue?: JobQueue) {}

  async enqueue(crawlId: string, pages: readonly FrontierPage[]): Promise<void> {
    if (!this.queue) return;
    for (const page of pages)
      await this.queue.add<CrawlPageMessage>(
        CRAWL_PAGE_QUEUE,
        { crawlId, pageId: page.id },
        { jobId: pageJobId(crawlId, page.id) },
      );
  }
}
