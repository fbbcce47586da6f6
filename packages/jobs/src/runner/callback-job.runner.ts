import { Logger } from '@nestjs/common';
import { Clock, QuarryError } from '@quarry/core';
import { DeferJobError, JobContext, JobQueue } from '@quarry/queue';
import { deliverCallback, deliveryQueueOptions, WebhookSender } from '@quarry/net';
import { callbackPayload, type JobRecord } from '../job-record';
import type { JobRecordStore } from '../job-record.store';
import { AccountSlots } from './account-slots';
import { ProgressRecorder } from './progress-recorder';

/** How long a job whose account holds its share of the workers waits before it is looked at again. */
const ACCOUNT_BUSY_DEFER_MS = 1000;

/** What one attempt of a job can use. */
export interface JobAttempt {
  attempt: number;
  /** Aborted when the process shuts down: stop, the job runs again in the next process. */
  signal: AbortSignal;
  /** Raises the job's progress (0..100); written in the background. */
  onProgress(percent: number): void;
}

/** A feature's side of its jobs: the work, and how its errors are judged and stored. */
export interface JobWork<Request, Result, Failure> {
  run(job: JobRecord<Request, Result, Failure>, attempt: JobAttempt): Promise<Result>;
  /** Whether the error may pass on a later attempt. */
  isTransient(error: unknown): boolean;
  /** The error as the job stores and shows it. */
  failureOf(error: unknown, job: JobRecord<Request, Result, Failure>): Failure;
  /** The job failed for good: give back what it holds (called before it is marked failed). */
  onFailed?(job: JobRecord<Request, Result, Failure>): Promise<void>;
}

export interface CallbackJobRunnerOptions<Request, Result, Failure> {
  /** The queue of the work and the queue of the callbacks; job data `{ jobId }`. */
  queues: { work: string; callback: string };
  store: JobRecordStore<Request, Result, Failure>;
  work: JobWork<Request, Result, Failure>;
  sender: WebhookSender;
  /** The account's webhook signing secrets (newest first); absent when no job can have a callback. */
  signingSecrets?: (accountId: string) => Promise<readonly string[]>;
  clock: Clock;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** Jobs of one account this process runs at once; more wait, without using an attempt. @default concurrency */
  perAccount?: number;
  /** How a job's callback is retried: at most `callbackAttempts` sends, the waits doubling from `callbackBackoffMs`, with jitter. */
  callbackRetry: { callbackAttempts: number; callbackBackoffMs: number };
  logger: Logger;
}

export interface JobMessage {
  jobId: string;
}

/**
 * The lifecycle of a feature's jobs on the `JobQueue`: claim the job, run the feature's work,
 * record the outcome (a transient failure is retried by the queue, a final one first gives back
 * what the job holds), then deliver the signed callback as its own queued step with retries, each
 * send counted before it starts. Both steps are safe to run again after a crash: a finished job
 * only (re)queues its callback, and the work's charge is the feature's to make idempotent.
 */
export class CallbackJobRunner<Request, Result, Failure> {
  private readonly running = new Set<AbortController>();
  private readonly accounts: AccountSlots;

  constructor(private readonly options: CallbackJobRunnerOptions<Request, Result, Failure>) {
    this.accounts = new AccountSlots(options.perAccount ?? options.concurrency);
  }

  /** Takes the work and the callbacks of the queue. */
  start(queue: JobQueue): void {
    const { queues, concurrency } = this.options;
    queue.process<JobMessage>(queues.work, (job) => this.run(queue, job), { concurrency });
    queue.process<JobMessage>(queues.callback, (job) => this.deliver(job), { concurrency: 8 });
  }

  /** At shutdown, after the queue gave its running jobs back: end the work still running. */
  abort(): void {
    for (const controller of this.running) controller.abort();
  }

  private async run(queue: JobQueue, { data: { jobId }, attempt, maxAttempts }: JobContext<JobMessage>) {
    const { store, clock } = this.options;
    const job = await store.get(jobId, clock.now());
    if (!job) return;
    if (job.status === 'queued' || job.status === 'processing') {
      if (!this.accounts.take(job.accountId))
        throw new DeferJobError('Its account runs its share of jobs already.', ACCOUNT_BUSY_DEFER_MS);
      try {
        await this.attempt(job, attempt, maxAttempts);
      } finally {
        this.accounts.free(job.accountId);
      }
    }
    if (!job.callback) return;
    await queue.add<JobMessage>(
      this.options.queues.callback,
      { jobId },
      deliveryQueueOptions(`callback-${jobId}`, {
        attempts: this.options.callbackRetry.callbackAttempts,
        backoffMs: this.options.callbackRetry.callbackBackoffMs,
      }),
    );
  }

  /** One attempt: its outcome stored, or the error thrown for the queue to retry it. */
  private async attempt(job: JobRecord<Request, Result, Failure>, attempt: number, maxAttempts: number) {
    const { store, work, logger } = this.options;
    await store.markProcessing(job.id, attempt);
    const controller = new AbortController();
    this.running.add(controller);
    const progress = new ProgressRecorder(store, job.id, logger);
    try {
      const result = await work.run(job, {
        attempt,
        signal: controller.signal,
        onProgress: (percent) => progress.record(percent),
      });
      await progress.flush();
      await store.complete(job.id, result);
    } catch (error) {
      await progress.flush();
      if (controller.signal.aborted) throw error;
      const failure = work.failureOf(error, job);
      if (work.isTransient(error) && attempt < maxAttempts) {
        logger.warn({ err: error, jobId: job.id, attempt }, 'A job attempt failed; it will be retried');
        await store.markRetrying(job.id, failure);
        throw error;
      }
      if (!(error instanceof QuarryError))
        logger.error({ err: error, jobId: job.id }, 'A job failed unexpectedly');
      await work.onFailed?.(job);
      await store.fail(job.id, failure);
    } finally {
      this.running.delete(controller);
    }
  }

  private async deliver({ data: { jobId }, attempt, maxAttempts }: JobContext<JobMessage>): Promise<void> {
    const { store, clock, sender, signingSecrets } = this.options;
    const job = await store.get(jobId, clock.now());
    if (!job?.callback || job.delivery?.status !== 'pending' || !signingSecrets) return;
    await deliverCallback(sender, store, {
      id: jobId,
      url: job.callback.url,
      token: job.callback.token,
      body: JSON.stringify(callbackPayload(job)),
      secrets: await signingSecrets(job.accountId),
      attempt,
      maxAttempts,
    });
  }
}
