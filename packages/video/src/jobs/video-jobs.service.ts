import { Inject, Injectable, Optional } from '@nestjs/common';
import { Clock, holdForJob, IdGenerator, InvalidRequestError, NotImplementedError } from '@quarry/core';
import { JobQueue } from '@quarry/queue';
import { enqueueJob, ownJob } from '@quarry/jobs';
import { asInvalidRequest, PublicUrlPolicy } from '@quarry/net';
import { VIDEO_PLATFORMS } from '../domain/video';
import { VIDEO_OPERATION } from '../domain/video.processor';
import type { VideoMode, VideoRequest } from '../domain/video-request';
import { VideoJobStore } from '../ports/video-job.store';
import { VideoSources } from '../ports/video-sources';
import { VIDEO_SETTINGS, type VideoSettings } from '../video-options.interface';
import { submissionHold } from './submission-hold';
import type { VideoCallback, VideoJob } from './video-job';
import { VIDEO_QUEUE } from './video-job-queues';

/** A video job as submitted: the request, and where to deliver its outcome if anywhere. */
export interface VideoJobRequest extends Omit<VideoRequest, 'mode'> {
  /** @default 'auto' */
  mode?: VideoMode;
  /** A public http(s) URL that receives the finished job as a signed POST. */
  callbackUrl?: string;
  /** Sent back as the callback's `x-callback-token` header; needs `callbackUrl`. */
  callbackToken?: string;
}

const QUEUE_NEEDED =
  'Video jobs need a JobQueue in the app: DatabaseQueueModule from @quarry/queue-db, or BullQueueModule from @quarry/queue-bull.';

/** Accepts video jobs and answers for their state; the work happens in `VideoJobWorker`. */
@Injectable()
export class VideoJobsService {
  constructor(
    @Inject(VIDEO_SETTINGS) private readonly settings: VideoSettings,
    private readonly store: VideoJobStore,
    private readonly sources: VideoSources,
    private readonly policy: PublicUrlPolicy,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    // Absent in hosts without a queue; the routes then answer 501.
    @Optional() private readonly queue?: JobQueue,
  ) {}

  /**
   * Queues the job. Throws `InvalidRequestError` for a URL that is not a public video URL of a
   * supported platform (`details.url` names them) or a callback URL that is not public, and
   * `PaymentRequiredError` when the balance cannot hold the least the transcript can cost
   * (`submissionHold`); that hold stays with the job until it is charged or the job fails.
   * `apiKeyId`, when given, is the key the job's charge is counted under.
   */
  async submit(accountId: string, request: VideoJobRequest, apiKeyId?: string): Promise<VideoJob> {
    const queue = this.queue;
    if (!queue) throw new NotImplementedError(QUEUE_NEEDED);
    const { callbackUrl, callbackToken, ...video } = request;
    this.requireSupported(video.url);
    let callback: VideoCallback | undefined;
    if (callbackUrl !== undefined) {
      await this.policy.checkDestination(callbackUrl).catch((error: unknown) => {
        throw asInvalidRequest(error, 'callbackUrl');
      });
      callback = { url: callbackUrl, token: callbackToken };
    } else if (callbackToken !== undefined) {
      throw new InvalidRequestError('callbackToken is sent with the callback; give callbackUrl too.', {
        callbackToken: 'needs callbackUrl',
      });
    }
    const now = this.clock.now();
    const mode = video.mode ?? 'auto';
    const job: VideoJob = {
      id: this.ids.uuid(),
      accountId,
      apiKeyId,
      request: { ...video, mode },
      callback,
      status: 'queued',
      progress: 0,
      attempts: 0,
      delivery: callback ? { status: 'pending', attempts: 0 } : undefined,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.jobRetentionMs),
    };
    const work = {
      accountId,
      apiKeyId,
      operation: VIDEO_OPERATION,
      referenceId: job.id,
      price: submissionHold(this.settings, mode),
    };
    // Held until the job charges or releases it, at most as long as the job is kept.
    await holdForJob(this.settings.billing, work, this.settings.jobRetentionMs, () =>
      enqueueJob(this.store, queue, job, {
        queue: VIDEO_QUEUE,
        attempts: this.settings.attempts,
        backoffMs: this.settings.backoffMs,
      }),
    );
    return job;
  }

  /** The job, for its owner only: anyone else, and everyone once it expired, gets the 404 of an unknown id. */
  get(accountId: string, jobId: string): Promise<VideoJob> {
    return ownJob(this.store, accountId, jobId, this.clock.now());
  }

  /** The account's unexpired jobs, newest first, for people looking at their history. */
  recent(accountId: string, limit: number): Promise<VideoJob[]> {
    return this.store.recentForAccount(accountId, limit, this.clock.now());
  }

  /** A public http(s) URL in a form of a supported platform; nothing is fetched (short links are followed by the job). */
  private requireSupported(url: string): void {
    let reason: string | undefined;
    try {
      this.policy.parse(url);
      if (!this.sources.isSupported(url)) reason = 'is not a video URL of a supported platform';
    } catch (error) {
      reason = (error as Error).message.replace(/\.$/, '');
    }
    if (reason)
      throw new InvalidRequestError('The url must be a public YouTube, Instagram or TikTok video URL.', {
        url: `${reason}; supported platforms: ${VIDEO_PLATFORMS.join(', ')}`,
      });
  }
}
