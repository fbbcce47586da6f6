/**
 * How a transcript is made (docs/api.md §7): captions only, speech-to-text only, or captions with
 * speech-to-text as fallback.
 */
export const VIDEO_MODES = ['auto', 'native', 'generate'] as const;
export type VideoMode = (typeof VIDEO_MODES)[number];

/**
 * A language as requests name it: an ISO 639-1 code, optionally with a region or script subtag
 * (`en`, `pt-BR`, `zh-Hant`). Compared without regard to case.
 */
export const LANGUAGE_PATTERN = '^[A-Za-z]{2}(-[A-Za-z0-9]{2,8})?$';

/** What a video job was asked to do. */
export interface VideoRequest {
  /** A YouTube, Instagram or TikTok video URL, as given. */
  url: string;
  mode: VideoMode;
  /** The transcript's preferred language. */
  language?: string;
  /** Skip the cache read; the fresh transcript is still cached. */
  forceFresh?: boolean;
}
