import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { analyseAudio } from './audio-analysis';

const run = promisify(execFile);
// Shared by the test files of a run (and the next runs): making media costs seconds each time.
const CACHE_DIR = join(tmpdir(), 'quarry-test-media');

export interface Sentence {
  text: string;
  /** When it begins in the media. */
  atSeconds: number;
}

/** Where the voice is heard in the media. */
export interface SpokenSentence {
  text: string;
  startSeconds: number;
  endSeconds: number;
}

export interface SpeechMedia {
  file: string;
  durationSeconds: number;
  sentences: SpokenSentence[];
}

/**
 * An MP4 of `durationSeconds` (H.264 over a plain colour, AAC audio) in which espeak-ng speaks each
 * sentence at its time over silence: real speech, at known times, to transcribe. Made once per
 * distinct request and cached under the system's temp directory.
 */
export async function speechMedia(sentences: Sentence[], durationSeconds: number): Promise<SpeechMedia> {
  const key = createHash('sha256').update(JSON.stringify({ sentences, durationSeconds })).digest('hex');
  const file = join(CACHE_DIR, `speech-${key.slice(0, 16)}.mp4`);
  const work = await workDir();
  try {
    const voices = await Promise.all(
      sentences.map(async (sentence, index) => {
        const wav = join(work, `sentence-${index}.wav`);
        await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', wav, sentence.text]);
        const { durationSeconds: seconds } = await analyseAudio(wav);
        return { wav, seconds };
      }),
    );
    if (!existsSync(file)) {
      const mixed = voices.map(
        (_, index) =>
          `[${index + 2}:a]adelay=delays=${Math.round(sentences[index].atSeconds * 1000)}:all=1[s${index}]`,
      );
      const inputs = ['[1:a]', ...voices.map((_, index) => `[s${index}]`)].join('');
      const filter = [
        ...mixed,
        `${inputs}amix=inputs=${voices.length + 1}:duration=first:normalize=0[audio]`,
      ].join(';');
      const partial = join(work, 'media.mp4');
      await run('ffmpeg', [
        ...['-nostdin', '-v', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `color=c=0x336699:s=320x240:r=15:d=${durationSeconds}`],
        ...['-f', 'lavfi', '-i', `anullsrc=r=22050:cl=mono:d=${durationSeconds}`],
        ...voices.flatMap(({ wav }) => ['-i', wav]),
        ...['-filter_complex', filter, '-map', '0:v', '-map', '[audio]'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'],
        ...['-t', String(durationSeconds), '-movflags', '+faststart', partial],
      ]);
      await rename(partial, file);
    }
    // Where each voice is heard, measured in the media as the tests' stand-in measures uploads.
    const { sounds } = await analyseAudio(file);
    const spoken = sentences.map(({ text, atSeconds }, index): SpokenSentence => {
      const own = sounds.filter(
        (sound) =>
          sound.startSeconds >= atSeconds - 0.05 && sound.startSeconds < atSeconds + voices[index].seconds,
      );
      if (own.length === 0) throw new Error(`"${text}" is not heard in ${file}`);
      return { text, startSeconds: own[0].startSeconds, endSeconds: own[own.length - 1].endSeconds };
    });
    return { file, durationSeconds, sentences: spoken };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** An MP4 with a video track and no audio at all. */
export async function silentVideo(durationSeconds: number): Promise<string> {
  const file = join(CACHE_DIR, `video-only-${durationSeconds}.mp4`);
  if (existsSync(file)) return file;
  const work = await workDir();
  try {
    const partial = join(work, 'media.mp4');
    await run('ffmpeg', [
      ...[
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `color=c=0x993366:s=320x240:r=15:d=${durationSeconds}`,
      ],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', partial],
    ]);
    await rename(partial, file);
    return file;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function workDir(): Promise<string> {
  await mkdir(CACHE_DIR, { recursive: true });
  return mkdtemp(join(CACHE_DIR, 'work-'));
}
