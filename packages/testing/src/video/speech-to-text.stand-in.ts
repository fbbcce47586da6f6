import { startFixtureServer, type FixtureServer } from '../fixture-server';
import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { analyseAudio, type AudioAnalysis } from './audio-analysis';

type Sound = AudioAnalysis['sounds'][number];

export const TRANSCRIPTIONS_PATH = '/v1/audio/transcriptions';

/** What one request to the stand-in carried, and what its file decoded to. */
export interface StandInUpload {
  model: string | null;
  language: string | null;
  responseFormat: string | null;
  timestampGranularities: string[];
  authorization: string | null;
  fileName: string | null;
  contentType: string | null;
  bytes: number;
  /** Seconds of audio ffmpeg decoded from the file; 0 when it could not decode it. */
  durationSeconds: number;
  decodable: boolean;
}

/** A segment the stand-in is about to answer, in seconds from the start of the uploaded file. */
export interface StandInSegment {
  index: number;
  startSeconds: number;
  endSeconds: number;
}

/** A scripted answer instead of a transcription: a status with a body (OpenAI's error JSON unless given), or none at all. */
export type StandInFailure = { status: number; body?: string } | 'hang';

export interface SpeechToTextStandInOptions {
  /** The one model it serves; others are answered 404 `model_not_found`. @default 'whisper-1' */
  model?: string;
  /** When set, requests without `Authorization: Bearer <apiKey>` are answered 401. */
  apiKey?: string;
  /**
   * Where segments are: `'speech'` one per stretch of sound in the upload (so segment times follow
   * what was actually said), or one every `everySeconds`. @default 'speech'
   */
  segments?: 'speech' | { everySeconds: number };
  /** The text of each segment. @default `Segment <n> of upload <m>.` */
  text?: (segment: StandInSegment, uploadIndex: number, upload: StandInUpload) => string;
  /** The language it reports hearing when none is asked for, as Whisper names it. @default 'english' */
  heard?: string;
  /** `'nanoseconds'` answers as LocalAI does (Go durations, no language); `'seconds'` as OpenAI. @default 'seconds' */
  times?: 'seconds' | 'nanoseconds';
}

// How OpenAI's verbose_json names the languages the tests ask for.
const WHISPER_NAMES: Record<string, string> = { en: 'english', de: 'german', fr: 'french', es: 'spanish' };

/**
 * A local OpenAI-compatible speech-to-text server: `POST /v1/audio/transcriptions` takes the
 * multipart request OpenAI takes (parsed with busboy, the file streamed to disk), decodes the file
 * with ffmpeg to prove it is audio and measure it, records what came (`uploads`), and answers
 * `verbose_json` (or `json`/`text` when asked) the way OpenAI does, or LocalAI with
 * `times: 'nanoseconds'`. `failNext` scripts failures.
 */
export class SpeechToTextStandIn {
  /** Every request that reached the endpoint, parsed, in order. */
  readonly uploads: StandInUpload[] = [];
  private readonly failures: StandInFailure[] = [];
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: FixtureServer,
    private readonly dir: string,
    private readonly options: SpeechToTextStandInOptions,
  ) {}

  static async start(options: SpeechToTextStandInOptions = {}): Promise<SpeechToTextStandIn> {
    const dir = await mkdtemp(join(tmpdir(), 'quarry-stt-stand-in-'));
    const server = await startFixtureServer({});
    const standIn = new SpeechToTextStandIn(server, dir, options);
    server.route(TRANSCRIPTIONS_PATH, {
      handle: (request, response) => {
        standIn.answer(request, response).catch((error: unknown) => {
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(String(error));
        });
      },
    });
    return standIn;
  }

  /** The base URL to configure (`{url}/v1/audio/transcriptions` is the endpoint). */
  get url(): string {
    return this.server.origin;
  }

  /** Requests answered or being answered, counted as they arrive. */
  get requests(): number {
    return this.server.hits(TRANSCRIPTIONS_PATH);
  }

  /** Requests held unanswered by a scripted `'hang'` whose client has not gone away. */
  get hangingRequests(): number {
    return this.hanging.size;
  }

  /** The next requests, one each, get these answers instead of a transcription (after being recorded). */
  failNext(...failures: StandInFailure[]): void {
    this.failures.push(...failures);
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    await this.server.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') return json(response, 405, openAiError('Method not allowed.'));
    const { upload, sounds } = await this.receive(request);
    const index = this.uploads.push(upload) - 1;
    const failure = this.failures.shift();
    if (failure === 'hang') {
      this.hanging.add(response);
      response.on('close', () => this.hanging.delete(response));
      return;
    }
    if (failure) {
      const body = failure.body ?? openAiError(`Scripted failure ${failure.status}.`);
      return void response.writeHead(failure.status, { 'content-type': 'application/json' }).end(body);
    }
    const { apiKey, model = 'whisper-1' } = this.options;
    if (apiKey && upload.authorization !== `Bearer ${apiKey}`) {
      return json(response, 401, openAiError('Incorrect API key provided.', 'invalid_api_key'));
    }
    if (upload.model !== model) {
      const message = `The model \`${upload.model}\` does not exist or you do not have access to it.`;
      return json(response, 404, openAiError(message, 'model_not_found'));
    }
    if (!upload.decodable) {
      const message =
        "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']";
      return json(response, 400, openAiError(message));
    }
    const segments = this.segmentsOf(upload, sounds, index);
    const text = segments.map((segment) => segment.text).join('');
    if (upload.responseFormat === 'text') {
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end(text);
    }
    if (upload.responseFormat !== 'verbose_json') return json(response, 200, JSON.stringify({ text }));
    json(response, 200, JSON.stringify(this.verboseJson(upload, text, segments)));
  }

  private async receive(request: IncomingMessage): Promise<{ upload: StandInUpload; sounds: Sound[] }> {
    const fields = new Map<string, string[]>();
    let file:
      { path: string; fileName: string | null; contentType: string | null; bytes: number } | undefined;
    let saving: Promise<void> = Promise.resolve();
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({ headers: request.headers });
      parser.on('field', (name, value) => fields.set(name, [...(fields.get(name) ?? []), value]));
      parser.on('file', (name, stream, info) => {
        if (name !== 'file' || file) return void stream.resume();
        const path = join(this.dir, `upload-${this.uploads.length + 1}${extname(info.filename ?? '')}`);
        const current = {
          path,
          fileName: info.filename ?? null,
          contentType: info.mimeType ?? null,
          bytes: 0,
        };
        file = current;
        stream.on('data', (chunk: Buffer) => (current.bytes += chunk.length));
        saving = pipeline(stream, createWriteStream(path));
      });
      parser.on('close', resolve);
      parser.on('error', reject);
      request.pipe(parser);
    });
    await saving;
    const analysis = file ? await analyseAudio(file.path).catch(() => null) : null;
    if (file) await rm(file.path, { force: true });
    const field = (name: string) => fields.get(name)?.[0] ?? null;
    const authorization = request.headers.authorization;
    const upload: StandInUpload = {
      model: field('model'),
      language: field('language'),
      responseFormat: field('response_format'),
      timestampGranularities: fields.get('timestamp_granularities[]') ?? [],
      authorization: typeof authorization === 'string' ? authorization : null,
      fileName: file?.fileName ?? null,
      contentType: file?.contentType ?? null,
      bytes: file?.bytes ?? 0,
      durationSeconds: analysis?.durationSeconds ?? 0,
      decodable: analysis !== null,
    };
    return { upload, sounds: analysis?.sounds ?? [] };
  }

  private segmentsOf(upload: StandInUpload, sounds: Sound[], uploadIndex: number) {
    const { segments = 'speech', text } = this.options;
    const spans =
      segments === 'speech'
        ? sounds
        : Array.from({ length: Math.ceil(upload.durationSeconds / segments.everySeconds) }, (_, index) => ({
            startSeconds: index * segments.everySeconds,
            endSeconds: Math.min(upload.durationSeconds, (index + 1) * segments.everySeconds),
          }));
    return spans.map((span, index) => {
      const segment = { index, ...span };
      const words = text
        ? text(segment, uploadIndex, upload)
        : `Segment ${index + 1} of upload ${uploadIndex + 1}.`;
      return { ...segment, text: ` ${words}` };
    });
  }

  private verboseJson(
    upload: StandInUpload,
    text: string,
    segments: (StandInSegment & { text: string })[],
  ): Record<string, unknown> {
    if (this.options.times === 'nanoseconds') {
      const ns = (seconds: number) => Math.round(seconds * 1e9);
      return {
        segments: segments.map((segment) => ({
          id: segment.index,
          start: ns(segment.startSeconds),
          end: ns(segment.endSeconds),
          text: segment.text,
          tokens: [],
        })),
        text,
      };
    }
    const language = upload.language
      ? (WHISPER_NAMES[upload.language] ?? upload.language)
      : (this.options.heard ?? 'english');
    return {
      task: 'transcribe',
      language,
      duration: upload.durationSeconds,
      text,
      segments: segments.map((segment) => ({
        id: segment.index,
        seek: 0,
        start: segment.startSeconds,
        end: segment.endSeconds,
        text: segment.text,
        tokens: [],
        temperature: 0,
        avg_logprob: -0.25,
        compression_ratio: 1.2,
        no_speech_prob: 0.01,
      })),
    };
  }
}

function json(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(body);
}

function openAiError(message: string, code: string | null = null): string {
  return JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } });
}
