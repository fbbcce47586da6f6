import { explainMediaFailure, runMediaTool, type MediaTools } from './media-tool';

/** A stretch of silence, in seconds on the whole media. */
export interface Pause {
  startSeconds: number;
  endSeconds: number;
}

// Quieter than -35 dBFS for 0.3 s: the gap between two sentences, or a breath, not a word's stop.
const SILENCE_FILTER = 'silencedetect=noise=-35dB:duration=0.3';

/**
 * The pauses in the first audio track of `mediaFile` between `fromSeconds` and `toSeconds`, in
 * order: ffmpeg decodes just that stretch, `silencedetect` marks the silences and `ametadata`
 * prints them on stdout. A silence still running at `toSeconds` ends there.
 */
export async function pausesBetween(
  tools: MediaTools,
  mediaFile: string,
  fromSeconds: number,
  toSeconds: number,
  signal?: AbortSignal,
): Promise<Pause[]> {
  const seconds = toSeconds - fromSeconds;
  const printed = await runMediaTool(
    tools.ffmpegPath,
    [
      ...[
        '-nostdin',
        '-v',
        'error',
        '-ss',
        fromSeconds.toFixed(3),
        '-i',
        mediaFile,
        '-t',
        seconds.toFixed(3),
      ],
      ...[
        '-map',
        '0:a:0',
        '-af',
        `${SILENCE_FILTER},ametadata=mode=print:file='pipe\\:1'`,
        '-f',
        'null',
        '-',
      ],
    ],
    signal,
  ).catch(explainMediaFailure("The media's audio could not be decoded"));
  const pauses: Pause[] = [];
  let start: number | null = null;
  for (const [, kind, value] of printed.matchAll(/^lavfi\.silence_(start|end)=(-?[\d.]+)$/gm)) {
    const at = fromSeconds + Math.min(seconds, Math.max(0, Number(value)));
    if (kind === 'start') start = at;
    else if (start !== null) {
      pauses.push({ startSeconds: start, endSeconds: at });
      start = null;
    }
  }
  if (start !== null) pauses.push({ startSeconds: start, endSeconds: toSeconds });
  return pauses;
}
