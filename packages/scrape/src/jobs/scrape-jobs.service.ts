import { Inject, Injectable, Optional } from '@nestjs/common';
import { Clock, holdForJob, IdGenerator, NotImplementedError } from '@quarry/core';
import { JobQueue } from '@quarry/queue';
import { enqueueJob, ownJob } from '@quarry/jobs';
import { asInvalidRequest, NetError, netFailure, PublicUrlPolicy } from '@quarry/net';
import { ScrapeRequest } from '../domain/scrape-result';
import { ScrapeJobStore } from '../ports/scrape-job.store';
import { SCRAPE_SETTINGS, ScrapeSettings } from '../scrape-options.interface';
import { ScrapeJob } from './scrape-job';
import { SCRAPE_QUEUE } from './scrape-job-queues';

export interface AsyncScrapeRequest extends ScrapeRequest {
  callbackUrl: string;
  callbackToken?: string;
}

const ASYNC_NEEDS =
  'Async scrapes need a JobQueue in the app: DatabaseQueueModule from @quarry/queue-db, or BullQueueModule from @quarry/queue-bull.';

/** Accepts async scrapes and answers for their state; the work happens in `ScrapeJobWorker`. */
@Injectable()
export class ScrapeJobsService {
  constructor(
    @Inject(SCRAPE_SETTINGS) private readonly settings: ScrapeSettings,
    private readonly store: ScrapeJobStore,
    private readonly policy: PublicUrlPolicy,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    // Absent in hosts that only scrape synchronously; with it, the module has secrets to sign callbacks.
    @Optional() private readonly queue?: JobQueue,
  ) {}

  /**
   * Throws `InvalidRequestError` for a URL or callback URL that is not public, `ScrapeError`
   * URL_NOT_FOUND when the URL's host does not resolve (as a sync scrape would), 402 when the
   * balance cannot pay; the price stays reserved for the worker. A callback host that does not
   * resolve yet is accepted: each delivery checks it again. `apiKeyId`, when given, is the key the
   * job's charge is counted under.
   */
  async submit(accountId: string, request: AsyncScrapeRequest, apiKeyId?: string): Promise<ScrapeJob> {
    const queue = this.queue;
    if (!queue) throw new NotImplementedError(ASYNC_NEEDS);
    await this.policy.check(request.url).catch((error: unknown) => {
      throw error instanceof NetError && error.code === 'HOST_NOT_FOUND'
        ? netFailure(error, request.url)
        : asInvalidRequest(error, 'url');
    });
    await this.policy.checkDestination(request.callbackUrl).catch((error: unknown) => {
      throw asInvalidRequest(error, 'callbackUrl');
    });
    const now = this.clock.now();
    const { callbackUrl, callbackToken, ...scrape } = request;
    const job: ScrapeJob = {
      id: this.ids.uuid(),
      accountId,
      apiKeyId,
      request: scrape,
      callback: { url: callbackUrl, token: callbackToken },
      status: 'queued',
      progress: 0,
      attempts: 0,
      delivery: { status: 'pending', attempts: 0 },
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.jobRetentionMs),
    };
    const work = {
      accountId,
      apiKeyId,
      operation: 'scrapeAsync',
      referenceId: job.id,
      price: this.settings.price,
    };
    // Held until the worker charges or releases it, at most as long as the job is kept.
    await holdForJob(this.settings.billing, work, this.settings.jobRetentionMs, () =>
      enqueueJob(this.store, queue, job, {
        queue: SCRAPE_QUEUE,
        attempts: this.settings.asyncAttempts,
        backoffMs: this.settings.asyncBackoffMs,
      }),
    );
    return job;
  }

  /** The job, for its owner only: anyone else, and everyone once it expired, gets the 404 of an unknown id. */
  get(accountId: string, jobId: string): Promise<ScrapeJob> {
    return ownJob(this.store, accountId, jobId, this.clock.now());
  }

  /** The account's most recent jobs, newest first, for people looking at their history. */
  recent(accountId: string, limit: number): Promise<ScrapeJob[]> {
    return this.store.recentForAccount(accountId, limit, this.clock.now());
  }
}
