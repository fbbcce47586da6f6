import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { JobContext, JobQueue, QuarryError } from '@quarry/core';
import { WebhookSecretsService } from '@quarry/accounts';
import { deliverJobCallback, jobCallbackOptions, WebhookSender } from '@quarry/net';
import { ScrapeError } from '../domain/scrape.error';
import { ScrapeService } from '../domain/scrape.service';
import { ScrapeJobStore } from '../ports/scrape-job.store';
import { SCRAPE_SETTINGS, ScrapeSettings } from '../scrape-options.interface';
import { callbackPayload, ScrapeFailure } from './scrape-job';
import { SCRAPE_CALLBACK_QUEUE, SCRAPE_QUEUE, ScrapeJobMessage } from './scrape-job-queues';

/**
 * Runs async scrapes and delivers their callbacks, each as its own queued step. Both handlers are
 * safe to run again after a crash: the charge (which takes the price reserved at submission) is
 * idempotent per job, and a finished job only (re)queues its callback.
 */
@Injectable()
export class ScrapeJobWorker implements OnModuleInit {
  private readonly logger = new Logger(ScrapeJobWorker.name);

  constructor(
    @Inject(SCRAPE_SETTINGS) private readonly settings: ScrapeSettings,
    private readonly store: ScrapeJobStore,
    private readonly scraper: ScrapeService,
    private readonly sender: WebhookSender,
    // Both absent in hosts that only scrape synchronously; then no async job can exist.
    @Optional() private readonly queue: JobQueue,
    @Optional() private readonly secrets: WebhookSecretsService,
  ) {}

  onModuleInit(): void {
    if (!this.queue) return;
    this.queue.process<ScrapeJobMessage>(SCRAPE_QUEUE, (job) => this.scrape(job), { concurrency: 4 });
    this.queue.process<ScrapeJobMessage>(SCRAPE_CALLBACK_QUEUE, (job) => this.deliver(job), {
      concurrency: 8,
    });
  }

  private async scrape({
    data: { jobId },
    attempt,
    maxAttempts,
  }: JobContext<ScrapeJobMessage>): Promise<void> {
    const job = await this.store.get(jobId);
    if (!job) return;
    const work = {
      accountId: job.accountId,
      operation: 'scrapeAsync',
      referenceId: job.id,
      price: this.settings.price,
    };
    if (job.status === 'queued' || job.status === 'processing') {
      await this.store.markProcessing(jobId, attempt);
      try {
        const { result } = await this.scraper.scrapeUnbilled(job.request);
        await this.settings.billing.charge(work);
        await this.store.complete(jobId, { ...result, url: job.request.url });
      } catch (error) {
        const failure = failureOf(error, job.request.url);
        if (isTransient(error) && attempt < maxAttempts) {
          await this.store.markRetrying(jobId, failure);
          throw error;
        }
        if (!(error instanceof QuarryError))
          this.logger.error({ err: error, jobId }, 'Async scrape failed unexpectedly');
        // Given back before the job is marked failed: a crash in between re-runs the job rather than keep the hold.
        await this.settings.billing.release(work);
        await this.store.fail(jobId, failure);
      }
    }
    await this.queue.add<ScrapeJobMessage>(
      SCRAPE_CALLBACK_QUEUE,
      { jobId },
      jobCallbackOptions(jobId, this.settings),
    );
  }

  private async deliver({
    data: { jobId },
    attempt,
    maxAttempts,
  }: JobContext<ScrapeJobMessage>): Promise<void> {
    const job = await this.store.get(jobId);
    if (!job || job.delivery.status !== 'pending') return;
    await deliverJobCallback(this.sender, this.store, {
      jobId,
      url: job.callbackUrl,
      token: job.callbackToken,
      body: JSON.stringify(callbackPayload(job)),
      secrets: await this.secrets.signingSecrets(job.accountId),
      attempt,
      maxAttempts,
    });
  }
}

/** Failures that may pass on a later attempt; anything unexpected counts as one too. */
function isTransient(error: unknown): boolean {
  return error instanceof ScrapeError ? error.transient : !(error instanceof QuarryError);
}

function failureOf(error: unknown, url: string): ScrapeFailure {
  if (error instanceof QuarryError) return { error: error.code, message: error.message, url };
  return { error: 'SCRAPE_FAILED', message: 'The scrape failed unexpectedly.', url };
}
