import type { VideoRef } from '../domain/video';
import type { CachedVideoResult, TranscriptSource } from '../domain/video-result';

/**
 * Which transcript of a video: its `source`, and the language it was asked in (lower case; empty
 * for a request that named none and took the platform's choice).
 */
export interface TranscriptCacheKey extends VideoRef {
  language: string;
  source: TranscriptSource;
}

/** Finished transcripts, so a video is transcribed once per language and source while they last. */
export abstract class TranscriptCache {
  abstract get(key: TranscriptCacheKey): Promise<CachedVideoResult | undefined>;
  /** Stores `value` under every key given (one transcript may answer several requests) for `ttlMs`. */
  abstract set(keys: TranscriptCacheKey[], value: CachedVideoResult, ttlMs: number): Promise<void>;
}
