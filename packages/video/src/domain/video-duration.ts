import type { TranscriptSegment } from './video';

/**
 * A result's `durationSeconds`, an integer ≥ 0: the platform's length when it gives one, else the
 * media's measured length (speech-to-text measures it with ffprobe), else the end of the last
 * segment. Rounded to the nearest whole second, halves up (`Math.round`: 12.5 s is 13).
 */
export function videoDurationSeconds(
  platformSeconds: number | null,
  mediaSeconds: number | null,
  segments: TranscriptSegment[],
): number {
  const last = segments.at(-1);
  const seconds =
    positive(platformSeconds) ??
    positive(mediaSeconds) ??
    (last ? (last.startMs + last.durationMs) / 1000 : 0);
  return Math.max(0, Math.round(seconds));
}

function positive(seconds: number | null): number | null {
  return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
