import { eventually, silentVideo, speechMedia, type SpeechMedia, SpeechToTextStandIn } from '@quarry/testing';
import { readdirSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AudioRange,
  FfmpegMediaTranscriber,
  OpenAiSpeechToText,
  VideoError,
  type FfmpegMediaTranscriberOptions,
  type MediaTranscript,
  type PieceTranscript,
  type TranscribedPieces,
} from '../src';

// Nine seconds of audio per chunk at most (64 kbit/s is 8,000 bytes a second, a tenth kept for
// headers); cuts move up to 1.8 s to find a pause, so a minute of speech takes nine requests.
const MAX_UPLOAD_BYTES = 80_000;
const TOLERANCE_SECONDS = 0.35;

async function failureOf(promise: Promise<unknown>): Promise<VideoError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof VideoError)) throw new Error(`expected a VideoError, got ${String(error)}`);
  return error;
}

jest.setTimeout(120_000);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Pieces kept in memory between two transcriptions, as the job's database rows keep them. */
function piecesInMemory(): TranscribedPieces & { size: number } {
  const kept = new Map<string, PieceTranscript>();
  const key = (range: AudioRange) => `${range.startMs}-${range.endMs}`;
  return {
    get: async (range) => kept.get(key(range)) ?? null,
    put: async (range, transcript) => void kept.set(key(range), transcript),
    get size() {
      return kept.size;
    },
  };
}

describe('FfmpegMediaTranscriber with real ffmpeg and an OpenAI-compatible server', () => {
  let media: SpeechMedia;
  let standIn: SpeechToTextStandIn;
  let stt: OpenAiSpeechToText;
  let tempDir: string;
  const providers: OpenAiSpeechToText[] = [];

  const transcriber = (options: FfmpegMediaTranscriberOptions = {}, maxUploadBytes = MAX_UPLOAD_BYTES) => {
    const provider = new OpenAiSpeechToText({ url: standIn.url, model: 'whisper-1', maxUploadBytes });
    providers.push(provider);
    return new FfmpegMediaTranscriber(provider, { tempDir, ...options });
  };

  beforeAll(async () => {
    media = await speechMedia(
      [
        { text: 'Quarry turns videos into text.', atSeconds: 2 },
        { text: 'This sentence crosses the boundary between two chunks.', atSeconds: 15 },
        { text: 'Every segment keeps its place on the whole video.', atSeconds: 27 },
        { text: 'The chunks are transcribed one after the other.', atSeconds: 40 },
        { text: 'And this is the last thing said.', atSeconds: 52 },
      ],
      60,
    );
  });

  beforeEach(async () => {
    standIn = await SpeechToTextStandIn.start({
      text: (segment, uploadIndex) =>
        `Said at ${segment.startSeconds.toFixed(2)} s of upload ${uploadIndex + 1}.`,
    });
    stt = new OpenAiSpeechToText({ url: standIn.url, model: 'whisper-1', maxUploadBytes: MAX_UPLOAD_BYTES });
    tempDir = await mkdtemp(join(tmpdir(), 'quarry-transcriber-spec-'));
  });

  afterEach(async () => {
    await Promise.all([stt, ...providers.splice(0)].map((provider) => provider.close()));
    await standIn.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  it('sends the audio as decodable chunks under the upload limit that together make the whole', async () => {
    const result = await new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file);

    expect(standIn.uploads.length).toBe(9);
    for (const upload of standIn.uploads) {
      expect(upload).toMatchObject({ decodable: true, fileName: expect.stringMatching(/\.mp3$/) });
      expect(upload.bytes).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
      expect(upload.durationSeconds).toBeLessThanOrEqual(9);
      // Encoded at 64 kbit/s: about 8,000 bytes a second.
      expect(upload.bytes / upload.durationSeconds).toBeGreaterThan(7_500);
    }
    expect(sum(standIn.uploads.map((upload) => upload.durationSeconds))).toBeCloseTo(60, 0);
    expect(result.audioSeconds).toBeCloseTo(60, 0);
  });

  it('puts every segment at its time on the whole media, in order', async () => {
    const result = await new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file);

    const starts = result.segments.map((segment) => segment.startMs);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const sentence of media.sentences) {
      const nearest = Math.min(...starts.map((start) => Math.abs(start / 1000 - sentence.startSeconds)));
      expect(nearest).toBeLessThan(TOLERANCE_SECONDS);
    }
    for (const segment of result.segments) {
      const start = segment.startMs / 1000;
      const end = (segment.startMs + segment.durationMs) / 1000;
      const spoken = media.sentences.find(
        (sentence) =>
          start > sentence.startSeconds - TOLERANCE_SECONDS && end < sentence.endSeconds + TOLERANCE_SECONDS,
      );
      expect(spoken).toBeDefined();
      expect(segment.text).toMatch(/^Said at \d+\.\d\d s of upload \d\.$/);
    }
  });

  it('cuts between words: every sentence reaches the provider whole, in one upload', async () => {
    const result = await new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file);

    // The stand-in answers a segment per stretch of sound: a sentence cut in two would be two.
    expect(result.segments.length).toBe(media.sentences.length);
    result.segments.forEach((segment, index) => {
      expect(segment.startMs / 1000).toBeCloseTo(media.sentences[index].startSeconds, 0);
      expect((segment.startMs + segment.durationMs) / 1000).toBeCloseTo(media.sentences[index].endSeconds, 0);
    });
  });

  it('asks every chunk in the requested language and reports it', async () => {
    const asked = await new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file, {
      language: 'de',
    });
    const uploadsAsked = standIn.uploads.splice(0);
    const heard = await new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file);

    expect(uploadsAsked.map((upload) => upload.language)).toEqual(Array(9).fill('de'));
    expect(asked.language).toBe('de');
    expect(standIn.uploads.map((upload) => upload.language)).toEqual(Array(9).fill(null));
    expect(heard.language).toBe('en');
  });

  it('reports progress that never goes back, after each chunk, ending at 1', async () => {
    const progress: number[] = [];

    await new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file, {
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress.filter((fraction) => fraction < 1).length).toBe(8);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it('fails the transcription with the provider error of any chunk, keeping it transient', async () => {
    const error = await failureOf(
      new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file, {
        // Once the first chunk is transcribed, the provider starts failing.
        onProgress: () => standIn.failNext({ status: 503 }),
      }),
    );

    expect(error).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: true });
    expect(standIn.uploads.length).toBe(2);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('fails for good, without a request, on media without audio or that is not media', async () => {
    const notMedia = join(tempDir, 'notes.mp4');
    await writeFile(notMedia, 'these are not the frames you are looking for');
    const transcriber = new FfmpegMediaTranscriber(stt, { tempDir });

    const silent = await failureOf(transcriber.transcribe(await silentVideo(3)));
    const probed = await failureOf(transcriber.audioSeconds(await silentVideo(3)));
    const unreadable = await failureOf(transcriber.transcribe(notMedia));

    expect(silent).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: false });
    expect(silent.message).toBe('The media has no audio track to transcribe.');
    expect(probed.message).toBe(silent.message);
    expect(unreadable).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: false });
    expect(unreadable.message).toBe(
      'The media could not be read: moov atom not found; notes.mp4: Invalid data found when processing input',
    );
    expect(standIn.requests).toBe(0);
    expect(await readdir(tempDir)).toEqual(['notes.mp4']);
  });

  it('measures the audio in seconds', async () => {
    expect(await new FfmpegMediaTranscriber(stt, { tempDir }).audioSeconds(media.file)).toBeCloseTo(60, 1);
  });

  it('leaves no chunk behind once done', async () => {
    let during: string[] = [];

    await new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file, {
      onProgress: () => {
        if (during.length === 0) during = readdirSync(tempDir);
      },
    });

    expect(during).toEqual([expect.stringMatching(/^quarry-transcription-/)]);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('stops a request in flight when the signal aborts, and cleans up', async () => {
    standIn.failNext('hang');
    const controller = new AbortController();
    const reason = new Error('job cancelled');

    const transcription = new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(media.file, {
      signal: controller.signal,
    });
    await eventually(() => standIn.uploads.length === 1, 60_000);
    controller.abort(reason);

    await expect(transcription).rejects.toBe(reason);
    expect(standIn.uploads.length).toBe(1);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('stops between chunks when the signal aborts, and cleans up', async () => {
    const controller = new AbortController();
    const reason = new Error('job cancelled');

    const transcription: Promise<MediaTranscript> = new FfmpegMediaTranscriber(stt, { tempDir }).transcribe(
      media.file,
      { signal: controller.signal, onProgress: () => controller.abort(reason) },
    );

    await expect(transcription).rejects.toBe(reason);
    expect(standIn.requests).toBe(1);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('sends `concurrency` chunks at once, and an abort ends every request in flight', async () => {
    standIn.failNext('hang', 'hang');
    const controller = new AbortController();
    const reason = new Error('job cancelled');

    const transcription = transcriber({ concurrency: 2 }).transcribe(media.file, {
      signal: controller.signal,
    });
    await eventually(() => standIn.hangingRequests === 2, 60_000);
    controller.abort(reason);

    await expect(transcription).rejects.toBe(reason);
    await eventually(() => standIn.hangingRequests === 0);
    expect(standIn.uploads.length).toBe(2);
  });

  it('gives up on the other chunks when one fails, ending their requests', async () => {
    standIn.failNext('hang', { status: 400 });

    const error = await failureOf(transcriber({ concurrency: 2 }).transcribe(media.file));

    expect(error).toMatchObject({ code: 'TRANSCRIPTION_FAILED', transient: false });
    expect(error.message).toContain('HTTP 400');
    await eventually(() => standIn.hangingRequests === 0);
    expect(standIn.uploads.length).toBe(2);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('sends again only the chunks an earlier attempt did not transcribe, to the same transcript', async () => {
    const whole = await transcriber().transcribe(media.file);
    const uploadsOfWhole = standIn.uploads.splice(0).length;
    const transcribed = piecesInMemory();
    let done = 0;

    const failed = await failureOf(
      transcriber().transcribe(media.file, {
        transcribed,
        onProgress: () => (done += 1) === 3 && standIn.failNext({ status: 503 }),
      }),
    );
    const uploadsOfFailed = standIn.uploads.splice(0).length;
    const retried = await transcriber().transcribe(media.file, { transcribed });

    expect(failed.transient).toBe(true);
    expect(transcribed.size).toBe(uploadsOfWhole);
    expect(uploadsOfFailed).toBe(4);
    expect(standIn.uploads.length).toBe(uploadsOfWhole - 3);
    expect(retried.audioSeconds).toBeCloseTo(whole.audioSeconds, 3);
    expect(retried.segments.map(({ startMs, durationMs }) => [startMs, durationMs])).toEqual(
      whole.segments.map(({ startMs, durationMs }) => [startMs, durationMs]),
    );
  }, 300_000);

  it('names how to install ffmpeg when it is missing', async () => {
    const missing = '/nonexistent/ffmpeg';

    const checked = await failureOf(transcriber({ ffmpegPath: missing }).checkTools());
    const transcribed = await failureOf(
      transcriber({ ffprobePath: '/nonexistent/ffprobe' }).transcribe(media.file),
    );

    expect(checked.message).toContain(`${missing} was not found`);
    expect(checked.message).toContain('apt-get install -y ffmpeg');
    expect(transcribed.message).toContain('/nonexistent/ffprobe was not found');
    await expect(transcriber().checkTools()).resolves.toBeUndefined();
  });

  it('refuses an upload limit too small for half a second of audio', () => {
    expect(() => transcriber({}, 2_000)).toThrow('holds less than 0.5 s of audio');
  });
});
