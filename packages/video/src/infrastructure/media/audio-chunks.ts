import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { transcriptionFailed } from '../speech-to-text/transcription-failed';
import { explainMediaFailure, progressSeconds, runMediaTool, type MediaTools } from './media-tool';

/** A piece of the audio, encoded for upload, and where it sits on the whole. */
export interface AudioChunk {
  file: string;
  startSeconds: number;
  /** What ffmpeg encoded, which is less than asked for where the audio ends early. */
  durationSeconds: number;
}

export interface ChunkPlan {
  totalSeconds: number;
  /** The longest chunk to cut. */
  chunkSeconds: number;
  maxBytes: number;
}

// Speech needs no more: Whisper listens at 16 kHz, mono. MP3 because every provider decodes it
// (whisper.cpp's server reads WAV, MP3, FLAC and Vorbis only), constant bitrate so that a duration
// gives a size. 64 kbit/s loses nothing a recogniser measures (32 kbit/s cost about 5 points of
// word error rate on short passages); 600 s of it is 4.8 MB, and a 25 MiB upload limit holds 2,949 s.
const SAMPLE_RATE = 16_000;
const BITRATE = 64_000;
// A tenth left for frame headers and the encoder's own tags; a chunk still too big is cut in two.
const SIZE_MARGIN = 0.9;
/** Chunks are never cut shorter than this, so too small an upload limit fails instead of looping. */
export const MIN_CHUNK_SECONDS = 0.5;
// Less audio than this is no speech worth a request (OpenAI refuses files under 0.1 s).
const MIN_AUDIBLE_SECONDS = 0.1;

/** The longest chunk whose encoding stays under `maxBytes`, bounded by `maxChunkSeconds`. */
export function chunkSecondsFor(maxBytes: number, maxChunkSeconds: number): number {
  return Math.min(maxChunkSeconds, (maxBytes * SIZE_MARGIN) / (BITRATE / 8));
}

/**
 * Encodes the first audio track of `mediaFile` into chunk files in `dir`, in order, each under
 * `plan.maxBytes`: equal pieces no longer than `plan.chunkSeconds`, each decoded from the media at
 * its exact start (so segment times can be shifted by it) and streamed by ffmpeg to disk; the last
 * runs to the end of the decoded audio, which can outlast the container's stated duration. A chunk
 * that still comes out too big is cut in two. `onEncoded` hears the seconds done after each chunk.
 */
export async function encodeAudioChunks(
  tools: MediaTools,
  mediaFile: string,
  dir: string,
  plan: ChunkPlan,
  onEncoded: (secondsDone: number) => void,
  signal?: AbortSignal,
): Promise<AudioChunk[]> {
  const chunks: AudioChunk[] = [];
  let files = 0;
  const count = Math.ceil(plan.totalSeconds / plan.chunkSeconds);
  const length = plan.totalSeconds / count;

  /** `seconds` null: to the end of the audio. */
  const encode = async (startSeconds: number, seconds: number | null): Promise<void> => {
    files += 1;
    const file = join(dir, `chunk-${files}.mp3`);
    const encodedSeconds = await encodeRange(tools, mediaFile, startSeconds, seconds, file, signal);
    const { size } = await stat(file);
    if (size <= plan.maxBytes) {
      if (encodedSeconds >= MIN_AUDIBLE_SECONDS) {
        chunks.push({ file, startSeconds, durationSeconds: Math.min(seconds ?? Infinity, encodedSeconds) });
      }
      return;
    }
    await rm(file);
    const length = seconds ?? encodedSeconds;
    if (length / 2 < MIN_CHUNK_SECONDS) {
      throw transcriptionFailed(
        `The speech-to-text provider's upload limit (${plan.maxBytes} bytes) is too small for ${length.toFixed(1)} s of audio.`,
        false,
      );
    }
    const half = toMilliseconds(length / 2);
    await encode(startSeconds, half);
    await encode(
      toMilliseconds(startSeconds + half),
      seconds === null ? null : toMilliseconds(seconds - half),
    );
  };

  for (let index = 0; index < count; index += 1) {
    const start = toMilliseconds(index * length);
    const last = index === count - 1;
    const end = last ? plan.totalSeconds : toMilliseconds((index + 1) * length);
    await encode(start, last ? null : end - start);
    onEncoded(end);
  }
  return chunks;
}

// ffmpeg is given times in milliseconds, so chunks are cut on them.
function toMilliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Encodes `seconds` of audio (null: all that is left) from `startSeconds` into `file`; returns the seconds ffmpeg wrote. */
async function encodeRange(
  tools: MediaTools,
  mediaFile: string,
  startSeconds: number,
  seconds: number | null,
  file: string,
  signal?: AbortSignal,
): Promise<number> {
  // -ss before -i seeks the input and then decodes up to the exact start.
  const args = [
    ...['-nostdin', '-v', 'error', '-y', '-ss', startSeconds.toFixed(3), '-i', mediaFile],
    ...(seconds === null ? [] : ['-t', seconds.toFixed(3)]),
    ...['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1'],
    ...['-ac', '1', '-ar', String(SAMPLE_RATE), '-c:a', 'libmp3lame', '-b:a', String(BITRATE)],
    ...['-f', 'mp3', '-progress', 'pipe:1', file],
  ];
  const progress = await runMediaTool(tools.ffmpegPath, args, signal).catch(
    explainMediaFailure("The media's audio could not be decoded"),
  );
  return progressSeconds(progress);
}
