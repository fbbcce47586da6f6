import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TranscriptSegment } from '../../domain/video';
import {
  MediaTranscriber,
  type MediaTranscript,
  type MediaTranscriptionOptions,
} from '../../ports/media-transcriber';
import type { SpeechToText } from '../../ports/speech-to-text';
import type { AudioRange, PieceTranscript } from '../../ports/transcribed-pieces';
import { chunkSecondsFor, encodeAudioPiece, MIN_CHUNK_SECONDS, type AudioChunk } from './audio-chunks';
import { cutAtPauses, type AudioPiece } from './audio-cuts';
import { audioDuration } from './audio-duration';
import { eachAtMost } from './each-at-most';
import { runMediaTool, type MediaTools } from './media-tool';

export interface FfmpegMediaTranscriberOptions {
  /** The ffmpeg executable: a path, or a name looked up on PATH. @default 'ffmpeg' */
  ffmpegPath?: string;
  /** The ffprobe executable: a path, or a name looked up on PATH. @default 'ffprobe' */
  ffprobePath?: string;
  /** Where each transcription makes, and always removes, its own directory of chunks. @default os.tmpdir() */
  tempDir?: string;
  /**
   * The longest chunk sent in one request, however high the upload limit: a shorter request is
   * cheaper to fail and retry, and reports progress sooner. @default 600
   */
  maxChunkSeconds?: number;
  /** Chunks of one transcription sent to the provider at once. @default 1 */
  concurrency?: number;
}

export const DEFAULT_MAX_CHUNK_SECONDS = 600;
export const DEFAULT_CHUNK_CONCURRENCY = 1;

/**
 * Transcribes media files with ffmpeg and a SpeechToText provider: the first audio track is cut
 * into pieces at pauses, each encoded as 16 kHz mono MP3 under the provider's upload limit and
 * streamed to a temporary directory (never held in memory, so a two-hour track costs no more memory
 * than a minute), `concurrency` pieces transcribed at once, and the segments shifted by their
 * chunk's start onto the whole. A piece an earlier attempt transcribed is not sent again; when one
 * piece fails, the requests of the others are aborted.
 */
export class FfmpegMediaTranscriber extends MediaTranscriber {
  private readonly tools: MediaTools;
  private readonly tempDir: string;
  private readonly chunkSeconds: number;
  private readonly concurrency: number;

  constructor(
    private readonly speechToText: SpeechToText,
    options: FfmpegMediaTranscriberOptions = {},
  ) {
    super();
    this.tools = {
      ffmpegPath: options.ffmpegPath ?? 'ffmpeg',
      ffprobePath: options.ffprobePath ?? 'ffprobe',
    };
    this.tempDir = options.tempDir ?? tmpdir();
    const maxChunkSeconds = options.maxChunkSeconds ?? DEFAULT_MAX_CHUNK_SECONDS;
    if (!(maxChunkSeconds >= MIN_CHUNK_SECONDS)) {
      throw new Error(`maxChunkSeconds must be at least ${MIN_CHUNK_SECONDS}, got ${maxChunkSeconds}.`);
    }
    this.concurrency = options.concurrency ?? DEFAULT_CHUNK_CONCURRENCY;
    if (!Number.isSafeInteger(this.concurrency) || this.concurrency < 1) {
      throw new Error(`concurrency must be a positive integer, got ${this.concurrency}.`);
    }
    this.chunkSeconds = chunkSecondsFor(speechToText.maxUploadBytes, maxChunkSeconds);
    if (this.chunkSeconds < MIN_CHUNK_SECONDS) {
      throw new Error(
        `The speech-to-text upload limit (${speechToText.maxUploadBytes} bytes) holds less than ${MIN_CHUNK_SECONDS} s of audio.`,
      );
    }
  }

  /** Fails with TRANSCRIPTION_FAILED naming how to install ffmpeg when ffmpeg or ffprobe cannot run: call it at boot. */
  async checkTools(): Promise<void> {
    await runMediaTool(this.tools.ffmpegPath, ['-version']);
    await runMediaTool(this.tools.ffprobePath, ['-version']);
  }

  audioSeconds(mediaFile: string, signal?: AbortSignal): Promise<number> {
    return audioDuration(this.tools, mediaFile, signal);
  }

  async transcribe(mediaFile: string, options: MediaTranscriptionOptions = {}): Promise<MediaTranscript> {
    const { language, signal, onProgress, transcribed } = options;
    const totalSeconds = await audioDuration(this.tools, mediaFile, signal);
    const pieces = await cutAtPauses(this.tools, mediaFile, totalSeconds, this.chunkSeconds, signal);
    const dir = await mkdtemp(join(this.tempDir, 'quarry-transcription-'));
    try {
      const heard = new Map<AudioPiece, PieceTranscript>();
      let secondsDone = 0;
      await eachAtMost(
        pieces,
        this.concurrency,
        async (piece, pieceSignal) => {
          const range = rangeOf(piece);
          const kept = await transcribed?.get(range);
          const transcript =
            kept ??
            (await this.transcribePiece(
              mediaFile,
              piece,
              join(dir, `piece-${pieces.indexOf(piece) + 1}.mp3`),
              language,
              pieceSignal,
            ));
          if (!kept) await transcribed?.put(range, transcript);
          heard.set(piece, transcript);
          secondsDone += piece.seconds ?? totalSeconds - piece.startSeconds;
          onProgress?.(Math.min(1, secondsDone / totalSeconds));
        },
        signal,
      );
      onProgress?.(1);
      const transcripts = pieces.map((piece) => heard.get(piece)!);
      return {
        language: mostHeard(transcripts) ?? language ?? null,
        segments: transcripts.flatMap((transcript) => transcript.segments),
        audioSeconds: transcripts.reduce((sum, transcript) => sum + transcript.audioSeconds, 0),
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** One piece encoded and transcribed, on the whole media's time. */
  private async transcribePiece(
    mediaFile: string,
    piece: AudioPiece,
    file: string,
    language: string | undefined,
    signal: AbortSignal,
  ): Promise<PieceTranscript> {
    const chunk = await encodeAudioPiece(this.tools, mediaFile, piece, file, signal);
    if (!chunk) return { audioSeconds: 0, language: null, segments: [] };
    const result = await this.speechToText.transcribe({ file: chunk.file, language, signal });
    await rm(chunk.file);
    return {
      audioSeconds: chunk.durationSeconds,
      language: result.language,
      segments: onTheWhole(chunk, result.segments),
    };
  }
}

function rangeOf(piece: AudioPiece): AudioRange {
  const startMs = Math.round(piece.startSeconds * 1000);
  return { startMs, endMs: piece.seconds === null ? null : startMs + Math.round(piece.seconds * 1000) };
}

/** A chunk's segments on the whole media's time: shifted by the chunk's start, kept inside the chunk, in order. */
function onTheWhole(chunk: AudioChunk, segments: TranscriptSegment[]): TranscriptSegment[] {
  const startMs = Math.round(chunk.startSeconds * 1000);
  const endMs = Math.round((chunk.startSeconds + chunk.durationSeconds) * 1000);
  return segments
    .map((segment) => {
      const start = Math.min(endMs, startMs + segment.startMs);
      const end = Math.min(endMs, startMs + segment.startMs + segment.durationMs);
      return { text: segment.text, startMs: start, durationMs: end - start };
    })
    .filter((segment) => segment.startMs < endMs)
    .sort((a, b) => a.startMs - b.startMs);
}

/** The language heard over the most audio, if the provider named any. */
function mostHeard(transcripts: PieceTranscript[]): string | null {
  const seconds = new Map<string, number>();
  for (const { language, audioSeconds } of transcripts)
    if (language) seconds.set(language, (seconds.get(language) ?? 0) + audioSeconds);
  let best: string | null = null;
  for (const [language, heard] of seconds) if (best === null || heard > seconds.get(best)!) best = language;
  return best;
}
