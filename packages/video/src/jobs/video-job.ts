import type { JobCallback, JobRecord, JobRecordStatus } from '@quarry/jobs';
import type { VideoErrorCode } from '../domain/video.error';
import type { VideoRequest } from '../domain/video-request';
import type { VideoResult } from '../domain/video-result';

export type VideoJobStatus = JobRecordStatus;

/** A failed job's error as the job and its callback show it (docs/api.md §7). */
export interface VideoJobError {
  code: VideoErrorCode;
  message: string;
  /** The URL as requested. */
  url: string;
}

/** Where a finished job is POSTed, with the token sent back as `x-callback-token`. */
export type VideoCallback = JobCallback;

/** A video job: what was asked, how far it got, and where its callback stands. */
export type VideoJob = JobRecord<VideoRequest, VideoResult, VideoJobError>;
