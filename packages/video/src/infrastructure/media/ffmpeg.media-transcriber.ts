import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TranscriptSegment } from '../../domain/video';
import {
  MediaTranscriber,
  type MediaTranscript,
  type MediaTranscriptionOptions,
} from '../../ports/media-transcriber';
import type { SpeechToText, SpeechToTextResult } from '../../ports/speech-to-text';
import { chunkSecondsFor, encodeAudioChunks, MIN_CHUNK_SECONDS, type AudioChunk } from './audio-chunks';
import { audioDuration } from './audio-duration';
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
}

export const DEFAULT_MAX_CHUNK_SECONDS = 600;
// Encoding is quick next to transcription: the first tenth of the progress.
const ENCODING_SHARE = 0.1;

/**
 * Transcribes media files with ffmpeg and a SpeechToText provider: the first audio track is
 * encoded as 16 kHz mono MP3 chunks under the provider's upload limit, streamed to a temporary
 * directory (never held in memory, so a two-hour track costs no more memory than a minute), each
 * chunk transcribed in order, and the segments shifted by their chunk's start onto the whole.
 */
export class FfmpegMediaTranscriber extends MediaTranscriber {
  private readonly tools: MediaTools;
  private readonly tempDir: string;
  private readonly chunkSeconds: number;

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
    const { language, signal, onProgress } = options;
    const totalSeconds = await audioDuration(this.tools, mediaFile, signal);
    const dir = await mkdtemp(join(this.tempDir, 'quarry-transcription-'));
    try {
      const plan = {
        totalSeconds,
        chunkSeconds: this.chunkSeconds,
        maxBytes: this.speechToText.maxUploadBytes,
      };
      const report = (seconds: number, share: number, offset: number) =>
        onProgress?.(offset + share * Math.min(1, seconds / totalSeconds));
      const chunks = await encodeAudioChunks(
        this.tools,
        mediaFile,
        dir,
        plan,
        (seconds) => report(seconds, ENCODING_SHARE, 0),
        signal,
      );
      const results: SpeechToTextResult[] = [];
      for (const chunk of chunks) {
        results.push(await this.speechToText.transcribe({ file: chunk.file, language, signal }));
        await rm(chunk.file);
        report(chunk.startSeconds + chunk.durationSeconds, 1 - ENCODING_SHARE, ENCODING_SHARE);
      }
      onProgress?.(1);
      return {
        language: mostHeard(chunks, results) ?? language ?? null,
        segments: chunks.flatMap((chunk, index) => onTheWhole(chunk, results[index].segments)),
        audioSeconds: chunks.reduce((sum, chunk) => sum + chunk.durationSeconds, 0),
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
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
function mostHeard(chunks: AudioChunk[], results: SpeechToTextResult[]): string | null {
  const seconds = new Map<string, number>();
  results.forEach(({ language }, index) => {
    if (language) seconds.set(language, (seconds.get(language) ?? 0) + chunks[index].durationSeconds);
  });
  let best: string | null = null;
  for (const [language, heard] of seconds) if (best === null || heard > seconds.get(best)!) best = language;
  return best;
}
