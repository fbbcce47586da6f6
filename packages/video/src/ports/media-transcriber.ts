import type { TranscriptSegment } from '../domain/video';
import type { TranscribedPieces } from './transcribed-pieces';

export interface MediaTranscript {
  /** ISO 639-1 code of the language heard (or asked for), when known. */
  language: string | null;
  /** Times on the whole media, stitched across chunks. */
  segments: TranscriptSegment[];
  /** Seconds of audio actually transcribed (what "started minutes" are counted from). */
  audioSeconds: number;
}

export interface MediaTranscriptionOptions {
  language?: string;
  signal?: AbortSignal;
  /** Called with the fraction done, 0..1, never decreasing. */
  onProgress?: (fraction: number) => void;
  /** Pieces an earlier attempt transcribed, which are not sent again; each piece done is put there. */
  transcribed?: TranscribedPieces;
}

/**
 * Speech-to-text of a media file on disk: audio taken out with ffmpeg (mono, compressed), split into
 * chunks under the provider's upload limit at pauses, each transcribed, segment times shifted onto the whole.
 */
export abstract class MediaTranscriber {
  /** Seconds of audio in the media file (ffprobe), to price and bound the work before it starts. */
  abstract audioSeconds(mediaFile: string, signal?: AbortSignal): Promise<number>;
  abstract transcribe(mediaFile: string, options?: MediaTranscriptionOptions): Promise<MediaTranscript>;
}
