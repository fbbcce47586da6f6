import type { NetError } from '@quarry/net';
import { VideoError } from '../domain/video.error';

/**
 * The video error code (docs/api.md §7) for a platform answering `status` (>= 300) to a request
 * about the video at `videoUrl`: 429 is the platform limiting this service, 404/410 a video that is
 * not there, 5xx worth another attempt later.
 */
export function platformStatusError(status: number, what: string, videoUrl: string): VideoError {
  if (status === 429) {
    return new VideoError(
      'PLATFORM_BLOCKED',
      `${what} answered 429: the platform is limiting this service.`,
      videoUrl,
    );
  }
  if (status === 404 || status === 410) {
    return new VideoError('VIDEO_NOT_FOUND', `${what} answered ${status}: the video is not there.`, videoUrl);
  }
  if (status >= 500) {
    return new VideoError('PLATFORM_ERROR', `${what} failed (it answered ${status}).`, videoUrl, true);
  }
  return new VideoError('PLATFORM_ERROR', `${what} refused the request (it answered ${status}).`, videoUrl);
}

/** The video error code (docs/api.md §7) for a request to the platform that failed on the way. */
export function platformNetError(error: NetError, videoUrl: string): VideoError {
  switch (error.code) {
    case 'INVALID_URL':
    case 'BLOCKED':
      return new VideoError(
        'PLATFORM_ERROR',
        `The platform pointed somewhere the public-URL policy refuses: ${error.message}`,
        videoUrl,
      );
    case 'TOO_LARGE':
    case 'TOO_MANY_REDIRECTS':
      return new VideoError('PLATFORM_ERROR', error.message, videoUrl);
    default:
      return new VideoError(
        'PLATFORM_ERROR',
        `The platform could not be reached: ${error.message}`,
        videoUrl,
        true,
      );
  }
}
