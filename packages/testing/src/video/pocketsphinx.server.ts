import busboy from 'busboy';
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { startFixtureServer, type FixtureServer } from '../fixture-server';
import { TRANSCRIPTIONS_PATH } from './speech-to-text.stand-in';

const run = promisify(execFile);

/** A word the recogniser heard, in seconds from the start of the audio it was given. */
export interface HeardWord {
  word: string;
  startSeconds: number;
  endSeconds: number;
}

/** One utterance: the words between two silences the recogniser detected. */
interface Utterance {
  words: HeardWord[];
}

/**
 * A real speech recogniser behind an OpenAI-compatible `POST /v1/audio/transcriptions`: CMU
 * PocketSphinx with its en-us model (Debian: `apt-get install pocketsphinx pocketsphinx-en-us`).
 * Each upload is decoded with ffmpeg to 16 kHz mono WAV and recognised by
 * `pocketsphinx_continuous`; the answer is `verbose_json` as OpenAI writes it, a segment per
 * utterance with its times. `recognise` runs the same recogniser on a file directly, the baseline
 * a transcription through the service is measured against.
 */
export class PocketsphinxServer {
  private constructor(
    private readonly server: FixtureServer,
    private readonly dir: string,
  ) {}

  /** Whether the recogniser is installed. */
  static async available(): Promise<boolean> {
    return run('pocketsphinx_continuous', ['-logfn', '/dev/null', '-infile', '/dev/null']).then(
      () => true,
      (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
    );
  }

  static async start(): Promise<PocketsphinxServer> {
    const dir = await mkdtemp(join(tmpdir(), 'quarry-pocketsphinx-'));
    const server = await startFixtureServer({});
    const recogniser = new PocketsphinxServer(server, dir);
    server.route(TRANSCRIPTIONS_PATH, {
      handle: (request, response) => {
        recogniser.answer(request, response).catch((error: unknown) => {
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { message: String(error) } }));
        });
      },
    });
    return recogniser;
  }

  /** The base URL to configure (`{url}/v1/audio/transcriptions` is the endpoint). */
  get url(): string {
    return this.server.origin;
  }

  get requests(): number {
    return this.server.hits(TRANSCRIPTIONS_PATH);
  }

  /** The words the recogniser hears in the first audio track of `file`, in order. */
  async recognise(file: string): Promise<HeardWord[]> {
    return (await this.utterances(file)).flatMap((utterance) => utterance.words);
  }

  async close(): Promise<void> {
    await this.server.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const upload = await this.receive(request);
    try {
      const utterances = await this.utterances(upload);
      const segments = utterances.map((utterance, id) => ({
        id,
        seek: 0,
        start: utterance.words[0].startSeconds,
        end: utterance.words[utterance.words.length - 1].endSeconds,
        text: ` ${utterance.words.map((heard) => heard.word).join(' ')}`,
        tokens: [],
        temperature: 0,
        avg_logprob: 0,
        compression_ratio: 1,
        no_speech_prob: 0,
      }));
      const text = segments.map((segment) => segment.text).join('');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ task: 'transcribe', language: 'english', text, segments }));
    } finally {
      await rm(upload, { force: true });
    }
  }

  private async receive(request: IncomingMessage): Promise<string> {
    const path = join(this.dir, `upload-${this.requests}-${Date.now()}`);
    let saving: Promise<void> = Promise.resolve();
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({ headers: request.headers });
      parser.on('file', (name, stream) => {
        if (name !== 'file') return void stream.resume();
        saving = pipeline(stream, createWriteStream(path));
      });
      parser.on('close', resolve);
      parser.on('error', reject);
      request.pipe(parser);
    });
    await saving;
    return path;
  }

  private async utterances(file: string): Promise<Utterance[]> {
    const wav = join(this.dir, `decoded-${Date.now()}-${Math.random().toString(36).slice(2)}.wav`);
    try {
      await run('ffmpeg', [
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-i',
        file,
        '-map',
        '0:a:0',
        '-ac',
        '1',
        '-ar',
        '16000',
        wav,
      ]);
      const { stdout } = await run(
        'pocketsphinx_continuous',
        ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      return utterancesOf(stdout);
    } finally {
      await rm(wav, { force: true });
    }
  }
}

/**
 * `pocketsphinx_continuous -time yes` prints, per utterance, its text and then a line per token:
 * `word start end probability`, between `<s>` and `</s>`; `<sil>` and `[NOISE]` are not words and
 * `word(2)` names a word's second pronunciation.
 */
function utterancesOf(output: string): Utterance[] {
  const utterances: Utterance[] = [];
  let current: HeardWord[] = [];
  for (const line of output.split('\n')) {
    const match = /^(\S+) (\d+\.\d+) (\d+\.\d+) -?\d+(\.\d+)?$/.exec(line.trim());
    if (!match) continue;
    const [, token, start, end] = match;
    if (token === '</s>') {
      if (current.length > 0) utterances.push({ words: current });
      current = [];
    } else if (!/^(<.*>|\[.*\])$/.test(token)) {
      current.push({
        word: token.replace(/\(\d+\)$/, ''),
        startSeconds: Number(start),
        endSeconds: Number(end),
      });
    }
  }
  if (current.length > 0) utterances.push({ words: current });
  return utterances;
}
