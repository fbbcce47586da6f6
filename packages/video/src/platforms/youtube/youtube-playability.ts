import { VideoError } from '../../domain/video.error';
import type { YouTubePlayabilityStatus } from './youtube-player-response';

/**
 * The video error code (docs/api.md §7) for a player response that is not playable, or null when it
 * is `OK`. `LOGIN_REQUIRED` is a bot check when the reason says "not a bot" and otherwise a private
 * or age-gated video; `ERROR` is a removed or unknown video. `UNPLAYABLE`, and any other status
 * YouTube comes up with (it has more than it documents), is told apart by its reason: private,
 * members-only or age-gated, else not found, as youtube-transcript-api reads them. Reasons are
 * matched in English, the language the adapter asks for.
 */
export function playabilityError(
  playability: YouTubePlayabilityStatus | undefined,
  videoUrl: string,
): VideoError | null {
  const status = playability?.status;
  if (status === undefined || status === 'OK') return null;
  const reason = [playability?.reason, subreason(playability)].filter(Boolean).join(' ');
  const said = `YouTube says ${status}${reason ? `: ${reason}` : ''}`;
  switch (status) {
    case 'ERROR':
    case 'LIVE_STREAM_OFFLINE':
      return new VideoError('VIDEO_NOT_FOUND', said, videoUrl);
    case 'LOGIN_REQUIRED':
      return /not a bot/i.test(reason)
        ? new VideoError('PLATFORM_BLOCKED', said, videoUrl)
        : new VideoError('VIDEO_PRIVATE', said, videoUrl);
    case 'AGE_CHECK_REQUIRED':
    case 'CONTENT_CHECK_REQUIRED':
      return new VideoError('VIDEO_PRIVATE', said, videoUrl);
    default:
      return /private|members|sign in|\bage\b|age-restricted|inappropriate/i.test(reason)
        ? new VideoError('VIDEO_PRIVATE', said, videoUrl)
        : new VideoError('VIDEO_NOT_FOUND', said, videoUrl);
  }
}

function subreason(playability: YouTubePlayabilityStatus | undefined): string | undefined {
  const text = playability?.errorScreen?.playerErrorMessageRenderer?.subreason;
  return text?.simpleText ?? text?.runs?.map((run) => run.text ?? '').join('');
}
