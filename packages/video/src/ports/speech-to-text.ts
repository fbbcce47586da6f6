import type { TranscriptSegment } from '../domain/video';

export interface SpeechToTextRequest {
  /** Path of one audio file, smaller than `maxUploadBytes`. */
  file: string;
  /** ISO 639-1 code when the caller knows the language. */
  language?: string;
  signal?: AbortSignal;
}

export interface SpeechToTextResult {
  /** ISO 639-1 code of the language heard, when the provider says. */
  language: string | null;
  /** Times relative to the start of the file. */
  segments: TranscriptSegment[];
}

/** A speech-to-text provider. Failures are `VideoError` TRANSCRIPTION_FAILED (transient when retrying may help). */
export abstract class SpeechToText {
  /** The largest file the provider accepts. */
  abstract readonly maxUploadBytes: number;
  abstract transcribe(request: SpeechToTextRequest): Promise<SpeechToTextResult>;
}
