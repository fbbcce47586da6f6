import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { JobQueue } from '@quarry/queue';
import { deliveryQueueOptions, WebhookSender, webhookRetryError } from '@quarry/net';
import type { CrawlEvent, CrawlJobRequest } from '../domain/crawl-request';
import { CrawlFrontier } from '../ports/crawl-frontier';
import { CrawlJobStore } from '../ports/crawl-job.store';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';
import { CRAWL_EVENT_QUEUE } from './crawl-job-queues';

/** A `started` or `page` event waiting for delivery. */
export interface CrawlEventMessage {
  crawlId: string;
  event: 'started' | 'page';
  pageId?: string;
}

interface EventfulJob {
  id: string;
  request: CrawlJobRequest;
}

/**
 * The `started` and `page` callback events of crawls and batches, each queued once and delivered
 * signed (Standard Webhooks, one `webhook-id` per event on every attempt), retried like the job
 * callbacks. The `completed` and `failed` events are the job's own final callback.
 */
@Injectable()
export class CrawlEvents implements OnModuleInit {
  constructor(
    @Inject(CRAWL_SETTINGS) private readonly settings: CrawlSettings,
    private readonly store: CrawlJobStore,
    private readonly frontier: CrawlFrontier,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    @Optional() private readonly queue?: JobQueue,
  ) {}

  onModuleInit(): void {
    this.queue?.process<CrawlEventMessage>(CRAWL_EVENT_QUEUE, (job) => this.deliver(job.data), {
      concurrency: 8,
    });
  }

  async started(job: EventfulJob): Promise<void> {
    await this.queued(job, { crawlId: job.id, event: 'started' }, `crawl-event-${job.id}-started`);
  }

  async page(job: EventfulJob, pageId: string): Promise<void> {
    await this.queued(job, { crawlId: job.id, event: 'page', pageId }, `crawl-event-${job.id}-${pageId}`);
  }

  private async queued(job: EventfulJob, message: CrawlEventMessage, id: string): Promise<void> {
    if (!this.queue || !wants(job.request, message.event)) return;
    await this.queue.add<CrawlEventMessage>(
      CRAWL_EVENT_QUEUE,
      message,
      deliveryQueueOptions(id, {
        attempts: this.settings.callbackAttempts,
        backoffMs: this.settings.callbackBackoffMs,
      }),
    );
  }

  private async deliver(message: CrawlEventMessage): Promise<void> {
    const job = await this.store.get(message.crawlId, this.clock.now());
    const callback = job?.request.callback;
    const secrets = this.settings.webhookSecrets;
    if (!job || !callback || !secrets) return;
    const body =
      message.event === 'started'
        ? { jobId: job.id, event: 'started' }
        : { jobId: job.id, event: 'page', page: await this.frontier.recorded(job.id, message.pageId!) };
    const outcome = await this.sender.send({
      url: callback.url,
      body: JSON.stringify(body),
      webhookId: `msg_${job.id}_${message.event}${message.pageId ? `_${message.pageId.slice(0, 32)}` : ''}`,
      secrets: await secrets.signingSecrets(job.accountId),
      headers: callback.token ? { 'x-callback-token': callback.token } : undefined,
    });
    if (!outcome.delivered) throw webhookRetryError(outcome);
  }
}

/** Whether the request's callback asked for `event` (every event when it names none). */
export function wants(request: CrawlJobRequest, event: CrawlEvent): boolean {
  const callback = request.callback;
  return callback !== undefined && (callback.events === undefined || callback.events.includes(event));
}
