import { rm } from 'node:fs/promises';
import type { AudioPiece } from './audio-cuts';
import { explainMediaFailure, progressSeconds, runMediaTool, type MediaTools } from './media-tool';

/** A piece of the audio, encoded for upload, and where it sits on the whole. */
export interface AudioChunk {
  file: string;
  startSeconds: number;
  /** What ffmpeg encoded, which is less than asked for where the audio ends early. */
  durationSeconds: number;
}

// Speech needs no more: Whisper listens at 16 kHz, mono. MP3 because every provider decodes it
// (whisper.cpp's server reads WAV, MP3, FLAC and Vorbis only), constant bitrate so that a duration
// gives a size. 64 kbit/s loses nothing a recogniser measures (32 kbit/s cost about 5 points of
// word error rate on short passages); 600 s of it is 4.8 MB, and a 25 MiB upload limit holds 2,949 s.
const SAMPLE_RATE = 16_000;
const BITRATE = 64_000;
// A tenth left for frame headers and the encoder's own tags.
const SIZE_MARGIN = 0.9;
/** An upload limit must hold at least this much audio. */
export const MIN_CHUNK_SECONDS = 0.5;
// Less audio than this is no speech worth a request (OpenAI refuses files under 0.1 s).
const MIN_AUDIBLE_SECONDS = 0.1;

/** The longest chunk whose encoding stays under `maxBytes`, bounded by `maxChunkSeconds`. */
export function chunkSecondsFor(maxBytes: number, maxChunkSeconds: number): number {
  return Math.min(maxChunkSeconds, (maxBytes * SIZE_MARGIN) / (BITRATE / 8));
}

/**
 * Encodes one piece of the first audio track of `mediaFile` into `file`: decoded from the media at
 * the piece's exact start (so segment times can be shifted by it) and streamed by ffmpeg to disk;
 * the last piece runs to the end of the decoded audio, which can outlast the container's stated
 * duration. Null for a piece too short to hold speech. Pieces are planned at most
 * `chunkSecondsFor` the upload limit long, a tenth of it kept for MP3 headers, so the file fits.
 */
export async function encodeAudioPiece(
  tools: MediaTools,
  mediaFile: string,
  { startSeconds, seconds }: AudioPiece,
  file: string,
  signal?: AbortSignal,
): Promise<AudioChunk | null> {
  const encodedSeconds = await encodeRange(tools, mediaFile, startSeconds, seconds, file, signal);
  if (encodedSeconds >= MIN_AUDIBLE_SECONDS)
    return { file, startSeconds, durationSeconds: Math.min(seconds ?? Infinity, encodedSeconds) };
  await rm(file);
  return null;
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
