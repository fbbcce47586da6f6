import type { TranscriptSegment, VideoMetadata, VideoPlatformName } from './video';

export type TranscriptSource = 'captions' | 'generated';

export interface VideoTranscript {
  /** The segments' text joined by spaces. */
  text: string;
  /** The caption track's language as the platform names it, or the language heard by speech-to-text. */
  language: string | null;
  /** The languages of the video's caption tracks, each once (empty when the platform has no captions). */
  availableLanguages: string[];
  source: TranscriptSource;
  segments: TranscriptSegment[];
}

/**
 * A finished video job's result (docs/api.md §7): every field present, `null` where the platform
 * does not say.
 */
export interface VideoResult extends Omit<VideoMetadata, 'durationSeconds'> {
  /** Whole seconds, never null (`videoDurationSeconds`): the platform's, else the media's, else the last segment's end. */
  durationSeconds: number;
  /** The URL as requested. */
  url: string;
  platform: VideoPlatformName;
  platformId: string;
  transcript: VideoTranscript;
  /** When the transcript was made; a cached result keeps its original time. */
  processedAt: string;
  /** True when the transcript came from the cache. */
  cached: boolean;
  /** Credits charged for this job. */
  credits: number;
}

/** What the cache keeps of a result: everything but what belongs to one job. */
export type CachedVideoResult = Omit<VideoResult, 'url' | 'cached' | 'credits'>;
