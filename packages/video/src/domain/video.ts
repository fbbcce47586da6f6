/** The platforms whose videos Quarry transcribes (docs/api.md §7). */
export const VIDEO_PLATFORMS = ['youtube', 'instagram', 'tiktok'] as const;
export type VideoPlatformName = (typeof VIDEO_PLATFORMS)[number];

/** A video, named the platform's way: YouTube's 11-character id, TikTok's numeric id, Instagram's shortcode. */
export interface VideoRef {
  platform: VideoPlatformName;
  platformId: string;
}

export interface VideoAuthor {
  displayName: string | null;
  /** Without a leading `@`. */
  handle: string | null;
  profileUrl: string | null;
}

/** What the platform says about a video; `null` where it does not say. URLs are the platform's public ones. */
export interface VideoMetadata {
  finalUrl: string;
  title: string | null;
  description: string | null;
  author: VideoAuthor;
  durationSeconds: number | null;
  thumbnailUrl: string | null;
  /** ISO 8601 UTC with milliseconds. */
  publishedAt: string | null;
}

export interface CaptionTrack {
  /** As the platform names it (`en`, `en-US`, `pt-BR`, ...). */
  languageCode: string;
  name: string | null;
  /** Speech recognition or machine translation (YouTube `kind: "asr"`, TikTok `Source` ASR/MT). */
  generated: boolean;
  /** The platform names it as the video's default track (YouTube `defaultCaptionTrackIndex`). */
  isDefault: boolean;
  /**
   * The platform serves this track only with a proof-of-origin token the service does not have
   * (YouTube `exp=xpe`): it exists but cannot be read, so `captions()` fails with PLATFORM_BLOCKED.
   * A video whose only tracks need one is blocked, not without captions.
   */
  needsToken: boolean;
  /** Where the adapter fetches the body; meaningful to the adapter only. */
  url: string;
}

/** One timed piece of a transcript: plain text (entities decoded, markup removed, never empty). */
export interface TranscriptSegment {
  text: string;
  startMs: number;
  durationMs: number;
}

/** Everything a job needs from the platform: metadata, caption tracks, and the media for speech-to-text. */
export interface VideoDetails extends VideoMetadata {
  ref: VideoRef;
  captionTracks: CaptionTrack[];
  /** The media (video or audio) to transcribe; `null` when the platform gives none. */
  mediaUrl: string | null;
  /**
   * Headers the platform wants with the media request (a session cookie, a client's User-Agent);
   * meaningful to the adapter only, like `CaptionTrack.url`.
   */
  mediaHeaders: Record<string, string>;
}
