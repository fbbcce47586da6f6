import { QuarryError } from '@quarry/core';

/** A video job's failure codes (docs/api.md §7). */
export type VideoErrorCode =
  | 'UNSUPPORTED_URL'
  | 'VIDEO_NOT_FOUND'
  | 'VIDEO_PRIVATE'
  | 'NO_CAPTIONS'
  | 'PLATFORM_BLOCKED'
  | 'TOO_LONG'
  | 'TIMEOUT'
  | 'TRANSCRIPTION_UNAVAILABLE'
  | 'TRANSCRIPTION_FAILED'
  | 'PAYMENT_REQUIRED'
  | 'PLATFORM_ERROR';

const STATUS: Record<VideoErrorCode, number> = {
  UNSUPPORTED_URL: 400,
  VIDEO_NOT_FOUND: 404,
  VIDEO_PRIVATE: 403,
  NO_CAPTIONS: 422,
  PLATFORM_BLOCKED: 502,
  TOO_LONG: 422,
  TIMEOUT: 504,
  TRANSCRIPTION_UNAVAILABLE: 501,
  TRANSCRIPTION_FAILED: 502,
  PAYMENT_REQUIRED: 402,
  PLATFORM_ERROR: 502,
};

/** A video job that failed; a job reports it as `error: { code, message, url }`. */
export class VideoError extends QuarryError {
  constructor(
    override readonly code: VideoErrorCode,
    message: string,
    readonly url: string,
    /** Worth another attempt later (a platform or provider hiccup, not a fact about the video). */
    readonly transient = false,
  ) {
    super(code, message, STATUS[code], { url });
  }
}

/** Every code a video job's error can take. */
export const VIDEO_ERROR_CODES = Object.keys(STATUS) as VideoErrorCode[];
