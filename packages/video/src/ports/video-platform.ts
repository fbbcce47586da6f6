import type {
  CaptionTrack,
  TranscriptSegment,
  VideoDetails,
  VideoPlatformName,
  VideoRef,
} from '../domain/video';

/**
 * One platform's public structures (the package README, "Platforms"): every request goes through
 * the public-URL policy, to the platform's own hosts or to the origin that replaces them. Failures
 * are `VideoError`s.
 */
export abstract class VideoPlatform {
  abstract readonly name: VideoPlatformName;
  /** Metadata, caption tracks and media of a video. */
  abstract details(ref: VideoRef, signal?: AbortSignal): Promise<VideoDetails>;
  /** The segments of one of the video's caption tracks. */
  abstract captions(track: CaptionTrack, signal?: AbortSignal): Promise<TranscriptSegment[]>;
  /** Streams the video's media into `file` (never held in memory); returns the bytes written. */
  abstract downloadMedia(details: VideoDetails, file: string, signal?: AbortSignal): Promise<number>;
}
