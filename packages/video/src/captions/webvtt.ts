import type { TranscriptSegment } from '../domain/video';
import { captionSegment, plainCaptionText } from './caption-text';

const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)/;
const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})$/;
/** Blocks that are not cues: comments, style sheets, region definitions. */
const NOT_A_CUE = /^(NOTE|STYLE|REGION)(\s|$)/;

/**
 * Segments of a WebVTT file: each cue's timing (`[hh:]mm:ss.ttt --> ...`, cue settings ignored)
 * and its text lines joined, with tags (`<c.x>`, `<v Name>`, `<00:00:01.000>`, `<b>`) removed and
 * entities decoded. NOTE, STYLE and REGION blocks, cue identifiers and empty cues are skipped.
 */
export function parseWebVtt(body: string): TranscriptSegment[] {
  const blocks = body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n(?:[ \t]*\n)+/);
  return blocks.flatMap((block) => {
    if (NOT_A_CUE.test(block)) return [];
    const lines = block.split('\n');
    const timingAt = lines.findIndex((line) => line.includes('-->'));
    // The timing line comes first, or second after a cue identifier; the header block has none.
    if (timingAt < 0 || timingAt > 1) return [];
    const timing = TIMING.exec(lines[timingAt].trim());
    const start = timing ? milliseconds(timing[1]) : NaN;
    const end = timing ? milliseconds(timing[2]) : NaN;
    const text = plainCaptionText(lines.slice(timingAt + 1).join('\n'));
    return captionSegment(text, start, end - start) ?? [];
  });
}

function milliseconds(timestamp: string): number {
  const match = TIMESTAMP.exec(timestamp);
  if (!match) return NaN;
  const [, hours = '0', minutes, seconds, millis] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}
