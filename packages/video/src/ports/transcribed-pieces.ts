import type { TranscriptSegment } from '../domain/video';

/** A piece of the audio as the provider heard it. */
export interface PieceTranscript {
  /** Seconds of audio sent for it. */
  audioSeconds: number;
  /** ISO 639-1 code of the language heard, when the provider said. */
  language: string | null;
  /** Times on the whole media. */
  segments: TranscriptSegment[];
}

/** Where a piece lies on the whole audio, in milliseconds; `endMs` null: to the end. */
export interface AudioRange {
  startMs: number;
  endMs: number | null;
}

/** What one transcription keeps between its attempts: the pieces already transcribed, by range. */
export interface TranscribedPieces {
  get(range: AudioRange): Promise<PieceTranscript | null>;
  put(range: AudioRange, transcript: PieceTranscript): Promise<void>;
}

/**
 * The pieces of each job's transcription, kept so that a retried job sends only the pieces not yet
 * transcribed; forgotten once the job has its transcript or fails for good.
 */
export abstract class TranscribedPieceStore {
  abstract of(jobId: string): TranscribedPieces;
  abstract forget(jobId: string): Promise<void>;
}
