import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { Clock, DeferJobError, JobContext, JobQueue, QuarryError } from '@quarry/core';
import { WebhookSecretsService } from '@quarry/accounts';
import { deliverJobCallback, jobCallbackOptions, WebhookSender } from '@quarry/net';
import { VideoError } from '../domain/video.error';
import { VIDEO_OPERATION, VideoProcessor } from '../domain/video.processor';
import { VideoJobStore } from '../ports/video-job.store';
import { VIDEO_SETTINGS, type VideoSettings } from '../video-options.interface';
import { AccountSlots } from './account-slots';
import { ProgressRecorder } from './progress-recorder';
import { submissionHold } from './submission-hold';
import { callbackPayload, type VideoJob, type VideoJobError } from './video-job';
import { VIDEO_CALLBACK_QUEUE, VIDEO_QUEUE, type VideoJobMessage } from './video-job-queues';

/** How long a job whose account holds its share of the workers waits before it is looked at again. */
const ACCOUNT_BUSY_DEFER_MS = 1000;

/**
 * Runs video jobs and delivers their callbacks, each as its own queued step. Both handlers are safe
 * to run again after a crash: the charge is idempotent per job, progress only rises, and a finished
 * job only (re)queues its callback. A job that fails for good gives back what it holds. An account
 * runs at most `maxConcurrentJobsPerAccount` jobs at once in this process: a further one goes back
 * to the queue for a moment, without using an attempt, while the workers take other accounts' jobs. At shutdown the work under way is aborted (downloads, ffmpeg,
 * provider requests) and its job left to run again.
 */
@Injectable()
export class VideoJobWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(VideoJobWorker.name);
  private readonly running = new Set<AbortController>();
  private readonly accounts: AccountSlots;

  constructor(
    @Inject(VIDEO_SETTINGS) private readonly settings: VideoSettings,
    private readonly store: VideoJobStore,
    private readonly processor: VideoProcessor,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    // Both absent in hosts that cannot accept jobs; then no job exists to run.
    @Optional() private readonly queue?: JobQueue,
    @Optional() private readonly secrets?: WebhookSecretsService,
  ) {
    this.accounts = new AccountSlots(settings.maxConcurrentJobsPerAccount);
  }

  onModuleInit(): void {
    const queue = this.queue;
    if (!queue) return;
    queue.process<VideoJobMessage>(VIDEO_QUEUE, (job) => this.run(queue, job), {
      concurrency: this.settings.concurrency,
    });
    queue.process<VideoJobMessage>(VIDEO_CALLBACK_QUEUE, (job) => this.deliver(job), { concurrency: 8 });
  }

  /** After the queue stopped taking work and gave its running jobs back: end what still runs. */
  onApplicationShutdown(): void {
    for (const controller of this.running) controller.abort();
  }

  private async run(
    queue: JobQueue,
    { data: { jobId }, attempt, maxAttempts }: JobContext<VideoJobMessage>,
  ): Promise<void> {
    const job = await this.store.get(jobId, this.clock.now());
    if (!job) return;
    if (job.status === 'queued' || job.status === 'processing') {
      if (!this.accounts.take(job.accountId))
        throw new DeferJobError('Its account runs its share of video jobs already.', ACCOUNT_BUSY_DEFER_MS);
      try {
        await this.work(job, attempt, maxAttempts);
      } finally {
        this.accounts.free(job.accountId);
      }
    }
    if (!job.callback) return;
    await queue.add<VideoJobMessage>(
      VIDEO_CALLBACK_QUEUE,
      { jobId },
      jobCallbackOptions(jobId, this.settings),
    );
  }

  /** One attempt of the job: its outcome stored, or the error thrown for the queue to retry it. */
  private async work(job: VideoJob, attempt: number, maxAttempts: number): Promise<void> {
    const jobId = job.id;
    await this.store.markProcessing(jobId, attempt);
    const controller = new AbortController();
    this.running.add(controller);
    const progress = new ProgressRecorder(this.store, jobId, this.logger);
    const held = {
      accountId: job.accountId,
      operation: VIDEO_OPERATION,
      referenceId: jobId,
      price: submissionHold(this.settings, job.request.mode),
    };
    try {
      const result = await this.processor.process(job.request, {
        accountId: job.accountId,
        referenceId: jobId,
        held: held.price,
        signal: controller.signal,
        onProgress: (percent) => progress.record(percent),
      });
      await progress.flush();
      await this.store.complete(jobId, result);
    } catch (error) {
      await progress.flush();
      // Shutting down: the job is not finished, it runs again in the next process.
      if (controller.signal.aborted) throw error;
      if (isTransient(error) && attempt < maxAttempts) {
        this.logger.warn({ err: error, jobId, attempt }, 'Video job attempt failed; it will be retried');
        await this.store.markRetrying(jobId);
        throw error;
      }
      if (!(error instanceof QuarryError))
        this.logger.error({ err: error, jobId }, 'Video job failed unexpectedly');
      await this.settings.billing.release(held);
      await this.store.fail(jobId, failureOf(error, job.request.url));
    } finally {
      this.running.delete(controller);
    }
  }

  private async deliver({
    data: { jobId },
    attempt,
    maxAttempts,
  }: JobContext<VideoJobMessage>): Promise<void> {
    const job = await this.store.get(jobId, this.clock.now());
    if (!job?.callback || job.delivery?.status !== 'pending' || !this.secrets) return;
    await deliverJobCallback(this.sender, this.store, {
      jobId,
      url: job.callback.url,
      token: job.callback.token,
      body: JSON.stringify(callbackPayload(job)),
      secrets: await this.secrets.signingSecrets(job.accountId),
      attempt,
      maxAttempts,
    });
  }
}

/** Failures that may pass on a later attempt; anything unexpected counts as one too. */
function isTransient(error: unknown): boolean {
  return error instanceof VideoError ? error.transient : !(error instanceof QuarryError);
}

/** A `VideoError` as it is; anything else is PLATFORM_ERROR, "anything else" in docs/api.md §7. */
function failureOf(error: unknown, url: string): VideoJobError {
  if (error instanceof VideoError) return { code: error.code, message: error.message, url };
  const message = error instanceof QuarryError ? error.message : 'The video could not be processed.';
  return { code: 'PLATFORM_ERROR', message, url };
}
