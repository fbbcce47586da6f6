import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { Clock, QuarryError } from '@quarry/core';
import { JobQueue } from '@quarry/queue';
import { CallbackJobRunner, type JobWork } from '@quarry/jobs';
import { WebhookSender } from '@quarry/net';
import { VideoError } from '../domain/video.error';
import { VIDEO_OPERATION, VideoProcessor } from '../domain/video.processor';
import type { VideoRequest } from '../domain/video-request';
import type { VideoResult } from '../domain/video-result';
import { TranscribedPieceStore } from '../ports/transcribed-pieces';
import { VideoJobStore } from '../ports/video-job.store';
import { VIDEO_SETTINGS, type VideoSettings } from '../video-options.interface';
import { submissionHold } from './submission-hold';
import type { VideoJob, VideoJobError } from './video-job';
import { VIDEO_CALLBACK_QUEUE, VIDEO_QUEUE } from './video-job-queues';

/**
 * Runs video jobs on the job block's runner (claim, process, record, deliver the signed callback).
 * A job that fails for good gives back what it holds and forgets the audio it transcribed; the processor's charge is idempotent per
 * job. An account runs at most `maxConcurrentJobsPerAccount` jobs at once in this process: a further
 * one goes back to the queue for a moment, without using an attempt, while the workers take other
 * accounts' jobs. At shutdown the work under way is aborted (downloads, ffmpeg, provider requests)
 * and its job left to run again.
 */
@Injectable()
export class VideoJobWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly runner: CallbackJobRunner<VideoRequest, VideoResult, VideoJobError>;

  constructor(
    @Inject(VIDEO_SETTINGS) private readonly settings: VideoSettings,
    store: VideoJobStore,
    private readonly processor: VideoProcessor,
    private readonly pieces: TranscribedPieceStore,
    sender: WebhookSender,
    clock: Clock,
    // Absent in hosts that cannot accept jobs; then no job exists to run.
    @Optional() private readonly queue?: JobQueue,
  ) {
    const secrets = settings.webhookSecrets;
    this.runner = new CallbackJobRunner({
      queues: { work: VIDEO_QUEUE, callback: VIDEO_CALLBACK_QUEUE },
      store,
      work: this.work(),
      sender,
      signingSecrets: secrets && ((accountId) => secrets.signingSecrets(accountId)),
      clock,
      concurrency: settings.concurrency,
      perAccount: settings.maxConcurrentJobsPerAccount,
      callbackRetry: settings,
      logger: new Logger(VideoJobWorker.name),
    });
  }

  onModuleInit(): void {
    if (this.queue) this.runner.start(this.queue);
  }

  /** After the queue stopped taking work and gave its running jobs back: end what still runs. */
  onApplicationShutdown(): void {
    this.runner.abort();
  }

  private work(): JobWork<VideoRequest, VideoResult, VideoJobError> {
    const held = (job: VideoJob) => ({
      accountId: job.accountId,
      apiKeyId: job.apiKeyId,
      operation: VIDEO_OPERATION,
      referenceId: job.id,
      price: submissionHold(this.settings, job.request.mode),
    });
    return {
      run: (job, { signal, onProgress }) =>
        this.processor.process(job.request, {
          accountId: job.accountId,
          apiKeyId: job.apiKeyId,
          referenceId: job.id,
          held: held(job).price,
          signal,
          onProgress,
        }),
      isTransient,
      failureOf: (error, job) => failureOf(error, job.request.url),
      onFailed: async (job) => {
        await this.settings.billing.release(held(job));
        await this.pieces.forget(job.id);
      },
    };
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
