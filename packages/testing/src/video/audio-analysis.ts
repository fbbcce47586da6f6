import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface AudioAnalysis {
  /** Seconds of audio decoded from the file. */
  durationSeconds: number;
  /** Stretches louder than silence, in order, in seconds from the file's start. */
  sounds: { startSeconds: number; endSeconds: number }[];
}

/**
 * Decodes the first audio track of `file` with ffmpeg, measuring its length and where it is not
 * silent (`silencedetect`: quieter than -35 dB for 0.4 s is a pause). Rejects when ffmpeg cannot
 * decode it.
 */
export async function analyseAudio(file: string): Promise<AudioAnalysis> {
  const { stdout, stderr } = await run(
    'ffmpeg',
    [
      ...['-nostdin', '-hide_banner', '-v', 'info', '-i', file, '-map', '0:a:0'],
      ...['-af', 'silencedetect=noise=-35dB:duration=0.4', '-f', 'null', '-progress', 'pipe:1', '-'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)];
  const durationSeconds = times.length ? Number(times[times.length - 1][1]) / 1e6 : 0;
  if (durationSeconds === 0) throw new Error(`${file} has no decodable audio`);
  const sounds: AudioAnalysis['sounds'] = [];
  let soundStart: number | null = 0;
  for (const [, kind, value] of stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const at = Math.min(durationSeconds, Math.max(0, Number(value)));
    if (kind === 'start' && soundStart !== null) {
      if (at > soundStart) sounds.push({ startSeconds: soundStart, endSeconds: at });
      soundStart = null;
    } else if (kind === 'end') {
      soundStart = at;
    }
  }
  if (soundStart !== null && durationSeconds > soundStart) {
    sounds.push({ startSeconds: soundStart, endSeconds: durationSeconds });
  }
  return { durationSeconds, sounds };
}
