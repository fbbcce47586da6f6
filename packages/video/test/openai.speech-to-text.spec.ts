import {
  closedPort,
  eventually,
  speechMedia,
  type SpeechMedia,
  SpeechToTextStandIn,
  type SpeechToTextStandInOptions,
} from '@quarry/testing';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OpenAiSpeechToText, VideoError, type OpenAiSpeechToTextOptions } from '../src';

const run = promisify(execFile);

async function failureOf(promise: Promise<unknown>): Promise<VideoError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof VideoError)) throw new Error(`expected a VideoError, got ${String(error)}`);
  return error;
}

describe('OpenAiSpeechToText against an OpenAI-compatible server', () => {
  let media: SpeechMedia;
  let dir: string;
  let audio: string;
  const standIns: SpeechToTextStandIn[] = [];
  const clients: OpenAiSpeechToText[] = [];

  async function provider(
    standInOptions: SpeechToTextStandInOptions = {},
    options: Partial<OpenAiSpeechToTextOptions> = {},
  ): Promise<{ standIn: SpeechToTextStandIn; stt: OpenAiSpeechToText }> {
    const standIn = await SpeechToTextStandIn.start({ apiKey: 'sk-test', ...standInOptions });
    standIns.push(standIn);
    const stt = new OpenAiSpeechToText({
      url: standIn.url,
      apiKey: 'sk-test',
      model: 'whisper-1',
      ...options,
    });
    clients.push(stt);
    return { standIn, stt };
  }

  beforeAll(async () => {
    media = await speechMedia(
      [
        { text: 'Quarry turns videos into text.', atSeconds: 1 },
        { text: 'Every sentence has its own time.', atSeconds: 6 },
      ],
      10,
    );
    dir = await mkdtemp(join(tmpdir(), 'quarry-stt-spec-'));
    audio = join(dir, 'speech.mp3');
    await run('ffmpeg', [
      '-v',
      'error',
      '-i',
      media.file,
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-b:a',
      '32k',
      audio,
    ]);
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('uploads the file as multipart with the model, language, verbose_json and segment timestamps', async () => {
    const { standIn, stt } = await provider();

    await stt.transcribe({ file: audio, language: 'en' });

    expect(standIn.uploads).toEqual([
      {
        model: 'whisper-1',
        language: 'en',
        responseFormat: 'verbose_json',
        timestampGranularities: ['segment'],
        authorization: 'Bearer sk-test',
        fileName: 'speech.mp3',
        contentType: 'audio/mpeg',
        bytes: (await stat(audio)).size,
        durationSeconds: expect.closeTo(10, 1),
        decodable: true,
      },
    ]);
  });

  it('reads segments in milliseconds and the language named the Whisper way as an ISO 639-1 code', async () => {
    const { stt } = await provider({ text: (segment) => `  Sentence\n number ${segment.index + 1}. ` });

    const result = await stt.transcribe({ file: audio });

    expect(result.language).toBe('en');
    expect(result.segments.map((segment) => segment.text)).toEqual([
      'Sentence number 1.',
      'Sentence number 2.',
    ]);
    media.sentences.forEach((sentence, index) => {
      const segment = result.segments[index];
      expect(Math.abs(segment.startMs - sentence.startSeconds * 1000)).toBeLessThan(300);
      expect(Math.abs(segment.startMs + segment.durationMs - sentence.endSeconds * 1000)).toBeLessThan(300);
    });
  });

  it('sends no language and no key when it has none, and reads capitalised names (Groq)', async () => {
    const { standIn, stt } = await provider({ apiKey: undefined, heard: 'German' }, { apiKey: undefined });

    const result = await stt.transcribe({ file: audio });

    expect(standIn.uploads[0]).toMatchObject({ language: null, authorization: null });
    expect(result.language).toBe('de');
  });

  it('asks in the bare ISO 639-1 code of a regional language tag', async () => {
    const { standIn, stt } = await provider();

    await stt.transcribe({ file: audio, language: 'pt-BR' });

    expect(standIn.uploads[0].language).toBe('pt');
  });

  it("reads LocalAI's nanosecond times as the same milliseconds", async () => {
    const seconds = await provider();
    const nanoseconds = await provider({ times: 'nanoseconds' });

    const expected = await seconds.stt.transcribe({ file: audio });
    const result = await nanoseconds.stt.transcribe({ file: audio });

    expect(result.segments).toEqual(expected.segments);
    expect(result.language).toBeNull();
  });

  it.each([
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [413, false],
  ])(
    'maps HTTP %i to TRANSCRIPTION_FAILED, transient: %s, with the provider reason',
    async (status, transient) => {
      const { standIn, stt } = await provider();
      standIn.failNext({ status });

      const error = await failureOf(stt.transcribe({ file: audio }));

      expect(error).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient });
      expect(error.message).toContain(`HTTP ${status}: Scripted failure ${status}.`);
    },
  );

  it('fails for good on a wrong key or model', async () => {
    const wrongKey = await provider({}, { apiKey: 'sk-wrong' });
    const wrongModel = await provider({}, { model: 'whisper-9' });

    const keyError = await failureOf(wrongKey.stt.transcribe({ file: audio }));
    const modelError = await failureOf(wrongModel.stt.transcribe({ file: audio }));

    expect(keyError).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: false });
    expect(keyError.message).toContain('HTTP 401: Incorrect API key provided.');
    expect(modelError.message).toContain('HTTP 404: The model `whisper-9` does not exist');
  });

  it.each([
    ['garbage', '<html><body>Bad gateway</body></html>', 'not JSON'],
    ['a json answer without segments', '{"text":"hello"}', 'verbose_json'],
    ["whisper.cpp's error with status 200", '{"error":"failed to process audio"}', 'failed to process audio'],
    ['a segment without times', '{"segments":[{"text":"hello"}]}', 'numeric `start`'],
  ])('fails for good on %s', async (_, body, reason) => {
    const { standIn, stt } = await provider();
    standIn.failNext({ status: 200, body });

    const error = await failureOf(stt.transcribe({ file: audio }));

    expect(error).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: false });
    expect(error.message).toContain(reason);
  });

  it('is transient when the provider cannot be reached or does not answer in time', async () => {
    const unreachable = new OpenAiSpeechToText({
      url: `http://127.0.0.1:${await closedPort()}`,
      model: 'whisper-1',
    });
    clients.push(unreachable);
    const { standIn, stt } = await provider({}, { timeoutMs: 1_000 });
    standIn.failNext('hang');

    const refused = await failureOf(unreachable.transcribe({ file: audio }));
    const late = await failureOf(stt.transcribe({ file: audio }));

    expect(refused).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: true });
    expect(refused.message).toContain('could not be reached (ECONNREFUSED)');
    expect(late).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: true });
    expect(late.message).toContain('did not answer within 1000 ms');
  });

  it('stops the request when the signal aborts, with its reason', async () => {
    const { standIn, stt } = await provider();
    standIn.failNext('hang');
    const controller = new AbortController();
    const reason = new Error('job cancelled');

    const transcription = stt.transcribe({ file: audio, signal: controller.signal });
    await eventually(() => standIn.uploads.length === 1);
    controller.abort(reason);

    await expect(transcription).rejects.toBe(reason);
  });

  it('refuses a file over the upload limit without sending it', async () => {
    const { standIn, stt } = await provider({}, { maxUploadBytes: 1_000 });

    const error = await failureOf(stt.transcribe({ file: audio }));

    expect(error).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: false });
    expect(standIn.requests).toBe(0);
  });

  it('takes only an http(s) base URL and a model', () => {
    expect(() => new OpenAiSpeechToText({ url: 'ftp://example.com', model: 'whisper-1' })).toThrow('http(s)');
    expect(() => new OpenAiSpeechToText({ url: 'http://127.0.0.1:9', model: '' })).toThrow('model');
  });
});
