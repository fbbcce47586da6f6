import type { CallbackDelivery } from '@quarry/net';
import type { VideoErrorCode } from '../domain/video.error';
import type { VideoRequest } from '../domain/video-request';
import type { VideoResult } from '../domain/video-result';

export type VideoJobStatus = 'queued' | 'processing' | 'completed' | 'failed';

/** A failed job's error as the job and its callback show it (docs/api.md §7). */
export interface VideoJobError {
  code: VideoErrorCode;
  message: string;
  /** The URL as requested. */
  url: string;
}

/** Where a finished job is POSTed, with the token sent back as `x-callback-token`. */
export interface VideoCallback {
  url: string;
  token?: string;
}

/** A video job: what was asked, how far it got, and where its callback stands. */
export interface VideoJob {
  id: string;
  accountId: string;
  request: VideoRequest;
  callback?: VideoCallback;
  status: VideoJobStatus;
  /** 0..100, never decreasing. */
  progress: number;
  /** Attempts started so far (transient failures are retried). */
  attempts: number;
  result?: VideoResult;
  error?: VideoJobError;
  /** Present when the job has a callback. */
  delivery?: CallbackDelivery;
  createdAt: Date;
  /** The job is gone (404) from then on. */
  expiresAt: Date;
}

/** The JSON body POSTed to the callback URL. */
export function callbackPayload(job: VideoJob): Record<string, unknown> {
  return job.status === 'completed'
    ? { jobId: job.id, status: 'completed', result: job.result }
    : { jobId: job.id, status: 'failed', error: job.error };
}
