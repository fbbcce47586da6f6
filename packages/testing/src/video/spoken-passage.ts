import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CACHE_DIR = join(tmpdir(), 'quarry-test-media');
const SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;

/** A sentence and where its voice lies in the passage. */
export interface TimedSentence {
  text: string;
  startSeconds: number;
  endSeconds: number;
}

export interface SpokenPassage {
  /** A 16 kHz mono WAV file. */
  file: string;
  durationSeconds: number;
  sentences: TimedSentence[];
}

/** Which synthesiser speaks: flite's `slt` voice, or espeak-ng's en-us. */
export type Synthesiser = 'flite' | 'espeak-ng';

/**
 * A WAV file in which `synthesiser` speaks the sentences one after the other with `gapSeconds` of
 * silence between them: real speech of known words at known times, for a real recogniser. Made
 * once per distinct request and cached under the system's temp directory.
 */
export async function spokenPassage(
  sentences: string[],
  { synthesiser = 'flite', gapSeconds = 0.7 }: { synthesiser?: Synthesiser; gapSeconds?: number } = {},
): Promise<SpokenPassage> {
  const key = createHash('sha256')
    .update(JSON.stringify({ sentences, synthesiser, gapSeconds }))
    .digest('hex');
  const file = join(CACHE_DIR, `passage-${key.slice(0, 16)}.wav`);
  await mkdir(CACHE_DIR, { recursive: true });
  const work = await mkdtemp(join(CACHE_DIR, 'work-'));
  try {
    const voices: Buffer[] = [];
    for (const [index, text] of sentences.entries())
      voices.push(await speak(text, synthesiser, join(work, `s${index}`)));
    const gap = Buffer.alloc(Math.round(gapSeconds * SAMPLE_RATE) * 2);
    const timed: TimedSentence[] = [];
    const parts: Buffer[] = [gap];
    let at = gap.length;
    voices.forEach((voice, index) => {
      timed.push({
        text: sentences[index],
        startSeconds: at / BYTES_PER_SECOND,
        endSeconds: (at + voice.length) / BYTES_PER_SECOND,
      });
      parts.push(voice, gap);
      at += voice.length + gap.length;
    });
    if (!existsSync(file)) {
      await writeFile(join(work, 'passage.wav'), wav(Buffer.concat(parts)));
      await rename(join(work, 'passage.wav'), file);
    }
    return { file, durationSeconds: at / BYTES_PER_SECOND, sentences: timed };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The sentence spoken as 16 kHz mono 16-bit PCM. */
async function speak(text: string, synthesiser: Synthesiser, base: string): Promise<Buffer> {
  const spoken = `${base}.wav`;
  if (synthesiser === 'flite') await run('flite', ['-voice', 'slt', '-t', text, '-o', spoken]);
  else await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', spoken, text]);
  await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-i', spoken],
    ...['-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', `${base}.pcm`],
  ]);
  return readFile(`${base}.pcm`);
}

function wav(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

const SUBJECTS = [
  'the old man',
  'my sister',
  'the young teacher',
  'our neighbour',
  'the small boy',
  'a tired driver',
  'the doctor',
  'his mother',
];
const VERBS = ['bought', 'found', 'carried', 'painted', 'washed', 'opened', 'cleaned', 'moved'];
const OBJECTS = [
  'a red chair',
  'the heavy box',
  'a clean towel',
  'the front door',
  'a new car',
  'the kitchen table',
  'a warm coat',
  'the green window',
];
const PLACES = [
  'in the morning',
  'before dinner',
  'near the river',
  'after the rain',
  'at the station',
  'on the way home',
  'during the summer',
  'behind the house',
];

/** `count` plain English sentences, the same for the same count: subject, verb, object, place. */
export function plainSentences(count: number): string[] {
  let state = 7;
  const pick = (list: string[]) => {
    state = (state * 48_271) % 2_147_483_647;
    return list[state % list.length];
  };
  return Array.from({ length: count }, () => {
    const sentence = `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(PLACES)}.`;
    return sentence[0].toUpperCase() + sentence.slice(1);
  });
}
