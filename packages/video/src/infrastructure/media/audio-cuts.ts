import { pausesBetween } from './audio-pauses';
import type { MediaTools } from './media-tool';

/** A stretch of the audio to transcribe in one piece. */
export interface AudioPiece {
  startSeconds: number;
  /** Null for the last piece: it runs to the end of the decoded audio. */
  seconds: number | null;
}

// How far from an even cut a pause is looked for: a fifth of the longest piece, at most 30 s.
const PAUSE_REACH_SHARE = 0.2;
const MAX_PAUSE_REACH_SECONDS = 30;

/**
 * Where to cut `totalSeconds` of audio into pieces of at most `maxSeconds`: nearly even pieces,
 * each cut moved to the middle of the pause nearest it (within a fifth of `maxSeconds`, at most
 * 30 s either way), so that no word is cut in two. Where there is no pause in reach (music,
 * unbroken noise), the cut stays where it was. Pieces are planned `reach` shorter than
 * `maxSeconds` so that a cut moved later still keeps them under it.
 */
export async function cutAtPauses(
  tools: MediaTools,
  mediaFile: string,
  totalSeconds: number,
  maxSeconds: number,
  signal?: AbortSignal,
): Promise<AudioPiece[]> {
  const pieces: AudioPiece[] = [];
  if (totalSeconds <= maxSeconds) return [{ startSeconds: 0, seconds: null }];
  const reach = Math.min(MAX_PAUSE_REACH_SECONDS, maxSeconds * PAUSE_REACH_SHARE);
  let start = 0;
  for (;;) {
    const count = Math.ceil((totalSeconds - start) / (maxSeconds - reach));
    if (count <= 1) break;
    const even = start + (totalSeconds - start) / count;
    const pauses = await pausesBetween(tools, mediaFile, even - reach, even + reach, signal);
    const cut = toMilliseconds(nearestMiddle(pauses, even) ?? even);
    pieces.push({ startSeconds: start, seconds: toMilliseconds(cut - start) });
    start = cut;
  }
  pieces.push({ startSeconds: start, seconds: null });
  return pieces;
}

/** The middle of the pause whose middle is nearest `seconds`, if there is any pause. */
function nearestMiddle(
  pauses: { startSeconds: number; endSeconds: number }[],
  seconds: number,
): number | null {
  let best: number | null = null;
  for (const pause of pauses) {
    const middle = (pause.startSeconds + pause.endSeconds) / 2;
    if (best === null || Math.abs(middle - seconds) < Math.abs(best - seconds)) best = middle;
  }
  return best;
}

// ffmpeg is given times in milliseconds, so pieces are cut on them.
export function toMilliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
