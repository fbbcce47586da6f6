import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { Clock, QuarryError } from '@quarry/core';
import { JobQueue } from '@quarry/queue';
import { CallbackJobRunner, type JobWork } from '@quarry/jobs';
import { WebhookSender } from '@quarry/net';
import { ScrapeError } from '../domain/scrape.error';
import { ScrapeRequest, ScrapeResult } from '../domain/scrape-result';
import { ScrapeService } from '../domain/scrape.service';
import { ScrapeJobStore } from '../ports/scrape-job.store';
import { SCRAPE_SETTINGS, ScrapeSettings } from '../scrape-options.interface';
import type { ScrapeFailure, ScrapeJob } from './scrape-job';
import { SCRAPE_CALLBACK_QUEUE, SCRAPE_QUEUE } from './scrape-job-queues';

/** Async scrapes this process runs at once. */
const CONCURRENCY = 4;

/**
 * Runs async scrapes on the job block's runner (claim, scrape, record, deliver the signed callback).
 * The charge takes the price reserved at submission and is idempotent per job; a job that fails
 * for good gives the reservation back before it is marked failed.
 */
@Injectable()
export class ScrapeJobWorker implements OnModuleInit {
  private readonly runner: CallbackJobRunner<ScrapeRequest, ScrapeResult, ScrapeFailure>;

  constructor(
    @Inject(SCRAPE_SETTINGS) private readonly settings: ScrapeSettings,
    store: ScrapeJobStore,
    private readonly scraper: ScrapeService,
    sender: WebhookSender,
    clock: Clock,
    // Absent in hosts that only scrape synchronously; then no async job can exist.
    @Optional() private readonly queue?: JobQueue,
  ) {
    const secrets = settings.webhookSecrets;
    this.runner = new CallbackJobRunner({
      queues: { work: SCRAPE_QUEUE, callback: SCRAPE_CALLBACK_QUEUE },
      store,
      work: this.work(),
      sender,
      signingSecrets: secrets && ((accountId) => secrets.signingSecrets(accountId)),
      clock,
      concurrency: CONCURRENCY,
      callbackRetry: settings,
      logger: new Logger(ScrapeJobWorker.name),
    });
  }

  onModuleInit(): void {
    if (this.queue) this.runner.start(this.queue);
  }

  private work(): JobWork<ScrapeRequest, ScrapeResult, ScrapeFailure> {
    const reserved = (job: ScrapeJob) => ({
      accountId: job.accountId,
      apiKeyId: job.apiKeyId,
      operation: 'scrapeAsync',
      referenceId: job.id,
      price: this.settings.price,
    });
    return {
      run: async (job) => {
        const { result } = await this.scraper.scrapeUnbilled(job.request);
        await this.settings.billing.charge(reserved(job));
        return { ...result, url: job.request.url };
      },
      isTransient,
      failureOf: (error, job) => failureOf(error, job.request.url),
      onFailed: (job) => this.settings.billing.release(reserved(job)),
    };
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
