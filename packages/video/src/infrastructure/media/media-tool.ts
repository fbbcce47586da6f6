import { spawn } from 'node:child_process';
import { basename, isAbsolute } from 'node:path';
import { transcriptionFailed } from '../speech-to-text/transcription-failed';

// Enough for ffprobe's JSON, the end of ffmpeg's `-progress` and its first `-loglevel error` lines.
const MAX_OUTPUT_CHARS = 64 * 1024;
const MAX_REASON_CHARS = 400;

/** Where the ffmpeg and ffprobe executables are: paths, or names looked up on PATH. */
export interface MediaTools {
  ffmpegPath: string;
  ffprobePath: string;
}

/** A run of ffmpeg or ffprobe that exited with a failure; `reason` is what it said on stderr. */
export class MediaToolFailure extends Error {
  constructor(
    readonly tool: string,
    readonly reason: string,
  ) {
    super(`${tool} failed: ${reason}`);
  }
}

/**
 * Runs ffmpeg or ffprobe to the end and returns what it printed on stdout (its last 64 KiB). On
 * `signal` the process is killed and, once it has exited (so that it writes nothing more), the
 * signal's reason thrown.
 * A missing binary is a TRANSCRIPTION_FAILED naming how to install it; a failed run a
 * MediaToolFailure for the caller to explain.
 */
export function runMediaTool(path: string, args: string[], signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    let spawnError: NodeJS.ErrnoException | undefined;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout = (stdout + text).slice(-MAX_OUTPUT_CHARS);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < MAX_OUTPUT_CHARS) stderr += text;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError ??= error;
      // A process that never started emits no 'close'.
      if (child.pid === undefined) settle(null);
    });
    child.on('close', (code) => settle(code));

    let settled = false;
    function settle(code: number | null) {
      if (settled) return;
      settled = true;
      if (signal?.aborted) return reject(signal.reason);
      if (spawnError?.code === 'ENOENT') return reject(missingTool(path));
      if (spawnError) return reject(new MediaToolFailure(path, spawnError.message));
      if (code === 0) return resolve(stdout);
      reject(new MediaToolFailure(path, reasonOf(stderr, args) || `exit code ${code}`));
    }
  });
}

/**
 * ffmpeg's error lines as one sentence: without the `[component @ 0x...]` prefixes, and with the
 * service's own file paths shortened to file names, which are all a reader can use.
 */
function reasonOf(stderr: string, args: string[]): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]* @ 0x[0-9a-f]+\]\s*/, '').trim())
    .filter((line) => line);
  const reason = [...new Set(lines)].join('; ').slice(0, MAX_REASON_CHARS);
  return args.filter(isAbsolute).reduce((text, arg) => text.replaceAll(arg, basename(arg)), reason);
}

function missingTool(path: string) {
  return transcriptionFailed(
    `${path} was not found. Speech-to-text needs ffmpeg and ffprobe: install ffmpeg ` +
      `(Debian/Ubuntu: apt-get install -y ffmpeg; macOS: brew install ffmpeg) or configure their paths.`,
    false,
  );
}

/** For `.catch`: a MediaToolFailure becomes TRANSCRIPTION_FAILED saying `what` and why; anything else passes. */
export function explainMediaFailure(what: string): (error: unknown) => never {
  return (error) => {
    throw error instanceof MediaToolFailure
      ? transcriptionFailed(`${what}: ${error.reason}`, false, error)
      : error;
  };
}

/** The seconds of output ffmpeg reported last on `-progress pipe:1`; 0 when it wrote none. */
export function progressSeconds(progress: string): number {
  const times = [...progress.matchAll(/^out_time_us=(\d+)$/gm)];
  return times.length ? Number(times[times.length - 1][1]) / 1e6 : 0;
}
