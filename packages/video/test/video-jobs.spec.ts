import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { InvalidRequestError, NotFoundError, PaymentRequiredError } from '@quarry/core';
import { AccountsService, CreditLedger, WebhookSecretsService } from '@quarry/accounts';
import {
  FixtureServer,
  startFixtureServer,
  startPlatformStandIns,
  type PlatformStandIns,
  type StandInCue,
  speechMedia,
  type SpeechMedia,
  SpeechToTextStandIn,
} from '@quarry/testing';
import { VideoJobsService } from '../src';
import { runVideoJob } from './support/run-video-job';
import { createVideoTestContext, videoEngines, type VideoTestContext } from './support/video-test-module';

const cues = (...texts: string[]): StandInCue[] =>
  texts.map((text, index) => ({ text, startMs: index * 2000, durationMs: 1800 }));

/** YouTube ids (eleven characters) of the videos the stand-in plays. */
const YT = {
  talk: 'tAlKaBoUt01',
  defaulted: 'dEfAuLtTrk1',
  tokenOnly: 'tOkEnOnLy01',
  silent: 'nOcApTiOnS1',
  spoken: 'sPoKeNoNlY1',
  epic: 'lOnGvIdEo01',
  private: 'pRiVaTe0001',
  flaky: 'fLaKyPlAy01',
};
const TIKTOK_ID = '7301234567890123456';
const INSTAGRAM = { reel: 'C1a2B3c4D5e', long: 'LoNgReEl001' };

const youtubeUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const MAX_SECONDS = 100;

jest.setTimeout(90_000);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe.each(videoEngines())('video jobs on %s', (_name, engine) => {
  let speech: SpeechMedia;
  let longSpeech: SpeechMedia;
  let standIns: PlatformStandIns;
  let stt: SpeechToTextStandIn;
  let receiver: FixtureServer;
  let withSpeech: VideoTestContext;
  let captionsOnly: VideoTestContext;

  beforeAll(async () => {
    [speech, longSpeech] = await Promise.all([
      speechMedia(
        [
          { text: 'The quick brown fox jumps over the lazy dog.', atSeconds: 1 },
          { text: 'And that is the end of the story.', atSeconds: 61 },
        ],
        65,
      ),
      speechMedia([{ text: 'This one goes on for a long time.', atSeconds: 1 }], MAX_SECONDS + 10),
    ]);
    const media = { file: speech.file, contentType: 'audio/mp4' };
    standIns = await startPlatformStandIns({
      youtube: {
        videos: {
          [YT.talk]: {
            title: 'A talk',
            description: 'About things.',
            author: 'Quarry Channel',
            handle: 'QuarryChannel',
            lengthSeconds: 65,
            publishDate: '2024-05-20T10:00:06-07:00',
            media,
            captions: [
              { languageCode: 'en', kind: 'asr', cues: cues('auto one', 'auto two') },
              { languageCode: 'de', cues: cues('Hallo & willkommen', 'zum Vortrag') },
              { languageCode: 'en', format: 'json3', cues: cues('Hello & welcome', 'to the talk') },
            ],
          },
          [YT.defaulted]: {
            lengthSeconds: 20,
            captions: [
              { languageCode: 'fr', isDefault: true, cues: cues('Bonjour') },
              { languageCode: 'en', kind: 'asr', format: 'srv3', cues: cues('Hello from the machine') },
            ],
          },
          [YT.tokenOnly]: {
            lengthSeconds: 65,
            media,
            captions: [{ languageCode: 'en', needsToken: true, cues: cues('Unreadable') }],
          },
          [YT.silent]: { lengthSeconds: 65, media },
          [YT.spoken]: { lengthSeconds: 65, media },
          [YT.epic]: { lengthSeconds: 4 * 60 * 60, media },
          [YT.private]: { playability: { status: 'LOGIN_REQUIRED', reason: 'This video is private' } },
          [YT.flaky]: { playerStatus: 503 },
        },
      },
      tiktok: {
        videos: {
          [TIKTOK_ID]: {
            author: { uniqueId: 'chef.ana', nickname: 'Ana Cooks' },
            desc: 'Pasta in ten minutes',
            duration: 31,
            subtitles: [
              {
                languageCodeName: 'eng-US',
                body: 'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nBoil the water\n\n00:00:02.500 --> 00:00:05.000\nAdd the <b>pasta</b>\n',
              },
            ],
          },
        },
        shortLinks: { ZMabc1234: `https://www.tiktok.com/@chef.ana/video/${TIKTOK_ID}` },
      },
      instagram: {
        posts: {
          [INSTAGRAM.reel]: { username: 'whale.watch', caption: 'Whales', media },
          [INSTAGRAM.long]: { media: { file: longSpeech.file } },
        },
      },
    });
    stt = await SpeechToTextStandIn.start();
    receiver = await startFixtureServer({});
    const options = {
      origins: standIns.origins,
      maxDurationSeconds: MAX_SECONDS,
      callbackAttempts: 3,
    };
    [withSpeech, captionsOnly] = await Promise.all([
      createVideoTestContext({
        engine,
        allowHosts: [receiver.hostPort],
        options: { ...options, stt: { url: stt.url, model: 'whisper-1' } },
      }),
      createVideoTestContext({ engine, allowHosts: [receiver.hostPort], options, async: true }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([withSpeech?.close(), captionsOnly?.close()]);
    await Promise.all([standIns?.close(), stt?.close(), receiver?.close()]);
  });

  const service = (context: VideoTestContext) => context.moduleRef.get(VideoJobsService);
  const account = (context: VideoTestContext, credits: number) =>
    context.moduleRef
      .get(AccountsService)
      .create(`${Math.random().toString(36).slice(2)}@example.com`, credits);
  const ledger = (context: VideoTestContext) => context.moduleRef.get(CreditLedger);

  it('transcribes YouTube captions, the manual track over the auto-generated one, every field present', async () => {
    const { id: accountId } = await account(withSpeech, 5);
    const job = await runVideoJob(withSpeech, accountId, {
      url: `https://youtu.be/${YT.talk}`,
      mode: 'native',
    });
    expect(job).toMatchObject({ status: 'completed', progress: 100, attempts: 1 });
    expect(job.result).toEqual({
      url: `https://youtu.be/${YT.talk}`,
      finalUrl: youtubeUrl(YT.talk),
      platform: 'youtube',
      platformId: YT.talk,
      title: 'A talk',
      description: 'About things.',
      author: {
        displayName: 'Quarry Channel',
        handle: 'QuarryChannel',
        profileUrl: 'https://www.youtube.com/@QuarryChannel',
      },
      durationSeconds: 65,
      thumbnailUrl: `https://i.ytimg.com/vi/${YT.talk}/maxresdefault.jpg`,
      publishedAt: '2024-05-20T17:00:06.000Z',
      transcript: {
        text: 'Hello & welcome to the talk',
        language: 'en',
        availableLanguages: ['en', 'de'],
        source: 'captions',
        segments: [
          { text: 'Hello & welcome', startMs: 0, durationMs: 1800 },
          { text: 'to the talk', startMs: 2000, durationMs: 1800 },
        ],
      },
      processedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      cached: false,
      credits: 1,
    });
    expect(await ledger(withSpeech).balance(accountId)).toBe(4);
    expect(await ledger(withSpeech).usageSince(accountId, new Date(0))).toEqual({
      video: { count: 1, credits: 1 },
    });
  });

  it('takes the requested language over the default track, and the default track without one', async () => {
    const { id: accountId } = await account(withSpeech, 5);
    const german = await runVideoJob(withSpeech, accountId, { url: youtubeUrl(YT.talk), language: 'de' });
    expect(german.result?.transcript).toMatchObject({
      language: 'de',
      text: 'Hallo & willkommen zum Vortrag',
    });
    const requested = await runVideoJob(withSpeech, accountId, {
      url: youtubeUrl(YT.defaulted),
      language: 'en',
    });
    expect(requested.result?.transcript).toMatchObject({
      language: 'en',
      source: 'captions',
      text: 'Hello from the machine',
      availableLanguages: ['fr', 'en'],
    });
    const unnamed = await runVideoJob(withSpeech, accountId, { url: youtubeUrl(YT.defaulted) });
    expect(unnamed.result?.transcript).toMatchObject({ language: 'fr', text: 'Bonjour' });
  });

  it('transcribes TikTok subtitles through a short link, the URL kept as requested', async () => {
    const { id: accountId } = await account(withSpeech, 5);
    const job = await runVideoJob(withSpeech, accountId, { url: 'https://vm.tiktok.com/ZMabc1234/' });
    expect(job.result).toMatchObject({
      url: 'https://vm.tiktok.com/ZMabc1234/',
      finalUrl: `https://www.tiktok.com/@chef.ana/video/${TIKTOK_ID}`,
      platform: 'tiktok',
      platformId: TIKTOK_ID,
      title: null,
      description: 'Pasta in ten minutes',
      author: { displayName: 'Ana Cooks', handle: 'chef.ana' },
      durationSeconds: 31,
      transcript: {
        text: 'Boil the water Add the pasta',
        language: 'en-US',
        availableLanguages: ['en-US'],
        source: 'captions',
      },
      cached: false,
      credits: 1,
    });
  });

  it('serves a second job from the cache for 1 credit without asking the platform, and forceFresh asks again', async () => {
    const { id: accountId } = await account(withSpeech, 5);
    const first = await runVideoJob(withSpeech, accountId, { url: youtubeUrl(YT.defaulted), language: 'fr' });
    const asked = standIns.youtube!.requests.length;
    const second = await runVideoJob(withSpeech, accountId, {
      url: `https://m.youtube.com/watch?v=${YT.defaulted}`,
      language: 'FR',
    });
    expect(standIns.youtube!.requests.length).toBe(asked);
    expect(second.result).toEqual({
      ...first.result,
      url: `https://m.youtube.com/watch?v=${YT.defaulted}`,
      cached: true,
      credits: 1,
    });
    const fresh = await runVideoJob(withSpeech, accountId, {
      url: youtubeUrl(YT.defaulted),
      language: 'fr',
      forceFresh: true,
    });
    expect(fresh.result).toMatchObject({ cached: false, credits: 1 });
    expect(standIns.youtube!.requests.length).toBeGreaterThan(asked);
    expect(await ledger(withSpeech).balance(accountId)).toBe(2);
  });

  it('generates a transcript of the audio for 4 credits per started minute, progress only rising', async () => {
    const { id: accountId } = await account(withSpeech, 10);
    const uploads = stt.uploads.length;
    const progress: number[] = [];
    const job = await runVideoJob(
      withSpeech,
      accountId,
      { url: youtubeUrl(YT.spoken), mode: 'generate' },
      progress,
    );
    expect(job.status).toBe('completed');
    expect(job.result).toMatchObject({
      durationSeconds: 65,
      transcript: { language: 'en', availableLanguages: [], source: 'generated' },
      cached: false,
      credits: 8,
    });
    const segments = job.result!.transcript.segments;
    expect(segments).toHaveLength(2);
    expect(segments[1].startMs).toBeGreaterThan(60_000);
    expect(stt.uploads.length).toBeGreaterThan(uploads);
    expect(await ledger(withSpeech).balance(accountId)).toBe(2);
    expect(await ledger(withSpeech).reserved(accountId)).toBe(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    expect(progress.filter((value) => value > 0 && value < 100).length).toBeGreaterThan(0);
  });

  it('asks the provider in the base language of a regional request', async () => {
    const { id: accountId } = await account(withSpeech, 10);
    const uploads = stt.uploads.length;
    const job = await runVideoJob(withSpeech, accountId, {
      url: youtubeUrl(YT.spoken),
      mode: 'generate',
      language: 'EN-gb',
      forceFresh: true,
    });
    expect(job.result?.transcript).toMatchObject({ language: 'en', source: 'generated' });
    expect(stt.uploads.slice(uploads).map((upload) => upload.language)).toEqual(['en']);
  });

  it('transcribes Instagram, which has no captions, in auto mode; the cached copy costs 1 credit', async () => {
    const { id: accountId } = await account(withSpeech, 10);
    const url = `https://www.instagram.com/reel/${INSTAGRAM.reel}/`;
    const job = await runVideoJob(withSpeech, accountId, { url });
    expect(job.result).toMatchObject({
      platform: 'instagram',
      platformId: INSTAGRAM.reel,
      description: 'Whales',
      author: { handle: 'whale.watch' },
      transcript: { source: 'generated', availableLanguages: [] },
      credits: 8,
    });
    const again = await runVideoJob(withSpeech, accountId, { url, language: 'en' });
    expect(again.result).toMatchObject({ cached: true, credits: 1, transcript: job.result?.transcript });
    expect(await ledger(withSpeech).balance(accountId)).toBe(1);
  });

  it('keeps progress and finishes after a transient provider failure, charging once', async () => {
    const { id: accountId } = await account(withSpeech, 10);
    stt.failNext({ status: 503 });
    const progress: number[] = [];
    const job = await runVideoJob(
      withSpeech,
      accountId,
      { url: youtubeUrl(YT.tokenOnly), mode: 'generate', forceFresh: true },
      progress,
    );
    expect(job).toMatchObject({ status: 'completed', attempts: 2, result: { credits: 8 } });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await ledger(withSpeech).balance(accountId)).toBe(2);
    expect(await ledger(withSpeech).reserved(accountId)).toBe(0);
  });

  it('fails with PAYMENT_REQUIRED before transcribing when the account cannot pay, charging nothing', async () => {
    const { id: accountId } = await account(withSpeech, 5);
    const uploads = stt.uploads.length;
    const job = await runVideoJob(withSpeech, accountId, {
      url: youtubeUrl(YT.silent),
      mode: 'generate',
      forceFresh: true,
    });
    expect(job).toMatchObject({
      status: 'failed',
      error: { code: 'PAYMENT_REQUIRED', message: expect.any(String), url: youtubeUrl(YT.silent) },
    });
    expect(job.result).toBeUndefined();
    expect(stt.uploads.length).toBe(uploads);
    expect(await ledger(withSpeech).balance(accountId)).toBe(5);
    expect(await ledger(withSpeech).reserved(accountId)).toBe(0);
  });

  it('fails generated transcripts over the maximum duration with TOO_LONG, whether the platform says it or the audio does', async () => {
    const { id: accountId } = await account(withSpeech, 100);
    const uploads = stt.uploads.length;
    const said = await runVideoJob(withSpeech, accountId, { url: youtubeUrl(YT.epic), mode: 'generate' });
    expect(said.error).toMatchObject({ code: 'TOO_LONG', url: youtubeUrl(YT.epic) });
    const heard = await runVideoJob(withSpeech, accountId, {
      url: `https://www.instagram.com/p/${INSTAGRAM.long}/`,
    });
    expect(heard.error).toMatchObject({ code: 'TOO_LONG' });
    expect(stt.uploads.length).toBe(uploads);
    expect(await ledger(withSpeech).balance(accountId)).toBe(100);
  });

  it.each([
    [{ url: youtubeUrl(YT.silent), mode: 'native' }, 'NO_CAPTIONS'],
    [{ url: youtubeUrl(YT.private) }, 'VIDEO_PRIVATE'],
    [{ url: youtubeUrl('nOsUcHvIdEo') }, 'VIDEO_NOT_FOUND'],
    [{ url: 'https://vm.tiktok.com/ZMexpired/' }, 'VIDEO_NOT_FOUND'],
  ] as const)('fails %j with %s, charging nothing', async (request, code) => {
    const { id: accountId } = await account(withSpeech, 5);
    const job = await runVideoJob(withSpeech, accountId, request);
    expect(job).toMatchObject({
      status: 'failed',
      error: { code, message: expect.any(String), url: request.url },
    });
    expect(await ledger(withSpeech).balance(accountId)).toBe(5);
  });

  it('retries a transient platform failure up to the configured attempts, then fails charging nothing', async () => {
    const { id: accountId } = await account(withSpeech, 5);
    const job = await runVideoJob(withSpeech, accountId, { url: youtubeUrl(YT.flaky) });
    expect(job).toMatchObject({ status: 'failed', attempts: 3, error: { code: 'PLATFORM_ERROR' } });
    expect(await ledger(withSpeech).balance(accountId)).toBe(5);
  });

  describe('without a speech-to-text provider', () => {
    it.each([
      [{ url: youtubeUrl(YT.spoken), mode: 'generate' }, 'TRANSCRIPTION_UNAVAILABLE'],
      [{ url: youtubeUrl(YT.silent) }, 'TRANSCRIPTION_UNAVAILABLE'],
      [{ url: `https://www.instagram.com/reel/${INSTAGRAM.reel}/` }, 'TRANSCRIPTION_UNAVAILABLE'],
      [{ url: youtubeUrl(YT.tokenOnly) }, 'PLATFORM_BLOCKED'],
      [{ url: youtubeUrl(YT.tokenOnly), mode: 'native' }, 'PLATFORM_BLOCKED'],
    ] as const)('fails %j with %s', async (request, code) => {
      const { id: accountId } = await account(captionsOnly, 5);
      const job = await runVideoJob(captionsOnly, accountId, request);
      expect(job).toMatchObject({ status: 'failed', error: { code, url: request.url } });
      expect(await ledger(captionsOnly).balance(accountId)).toBe(5);
    });

    it('still transcribes captions', async () => {
      const { id: accountId } = await account(captionsOnly, 5);
      const job = await runVideoJob(captionsOnly, accountId, { url: youtubeUrl(YT.talk), language: 'en' });
      expect(job.result).toMatchObject({
        transcript: { source: 'captions', text: 'Hello & welcome to the talk' },
      });
    });
  });

  describe('callbacks', () => {
    const receive = (path: string, statuses: number[]) => {
      const received: Received[] = [];
      receiver.route(path, (request, body) => {
        received.push({ headers: request.headers, body: body.toString('utf8') });
        return { status: statuses[Math.min(received.length - 1, statuses.length - 1)] };
      });
      return received;
    };

    it('POSTs the finished job signed with the account secret, with the token, retrying until accepted', async () => {
      const { id: accountId } = await account(withSpeech, 5);
      const received = receive('/hook-done', [500, 204]);
      const job = await runVideoJob(withSpeech, accountId, {
        url: youtubeUrl(YT.talk),
        language: 'de',
        callbackUrl: receiver.url('/hook-done'),
        callbackToken: 'tok-42',
      });
      expect(job.delivery).toEqual({ status: 'delivered', attempts: 2, lastStatusCode: 204 });
      expect(received).toHaveLength(2);
      const secret = (await withSpeech.moduleRef.get(WebhookSecretsService).get(accountId)).webhookSecret;
      for (const { headers, body } of received) {
        expect(headers['x-callback-token']).toBe('tok-42');
        expect(headers['webhook-id']).toBe(`msg_${job.id}`);
        expect(() => new Webhook(secret).verify(body, headers as Record<string, string>)).not.toThrow();
      }
      expect(JSON.parse(received[1].body)).toEqual({
        jobId: job.id,
        status: 'completed',
        result: job.result,
      });
    });

    it('POSTs a failed job as { jobId, status: "failed", error: { code, message, url } }', async () => {
      const { id: accountId } = await account(withSpeech, 5);
      const received = receive('/hook-failed', [200]);
      const job = await runVideoJob(withSpeech, accountId, {
        url: youtubeUrl(YT.private),
        callbackUrl: receiver.url('/hook-failed'),
      });
      expect(job.delivery).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(JSON.parse(received[0].body)).toEqual({
        jobId: job.id,
        status: 'failed',
        error: { code: 'VIDEO_PRIVATE', message: expect.any(String), url: youtubeUrl(YT.private) },
      });
    });
  });

  describe('submission', () => {
    it('refuses an unsupported or private URL, naming the supported platforms, and a private callback', async () => {
      const { id: accountId } = await account(withSpeech, 5);
      for (const url of ['https://vimeo.com/12345', 'http://127.0.0.1/watch?v=dQw4w9WgXcQ', 'not a url']) {
        const error = await service(withSpeech)
          .submit(accountId, { url })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect((error as InvalidRequestError).toBody()).toMatchObject({
          error: 'invalid_request',
          details: { url: expect.stringContaining('youtube, instagram, tiktok') },
        });
      }
      const callback = await service(withSpeech)
        .submit(accountId, { url: youtubeUrl(YT.talk), callbackUrl: 'http://10.0.0.1/hook' })
        .catch((e: unknown) => e);
      expect((callback as InvalidRequestError).toBody()).toMatchObject({
        details: { callbackUrl: expect.any(String) },
      });
    });

    it('answers 402 when the balance is 0', async () => {
      const { id: accountId } = await account(withSpeech, 0);
      await expect(
        service(withSpeech).submit(accountId, { url: youtubeUrl(YT.talk) }),
      ).rejects.toBeInstanceOf(PaymentRequiredError);
    });

    it("answers 404 for an unknown id, another account's job, and a job past its retention", async () => {
      const owner = await account(withSpeech, 5);
      const stranger = await account(withSpeech, 5);
      const job = await runVideoJob(withSpeech, owner.id, { url: youtubeUrl(YT.talk), language: 'en' });
      await expect(service(withSpeech).get(stranger.id, job.id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(service(withSpeech).get(owner.id, 'no-such-job')).rejects.toBeInstanceOf(NotFoundError);
      withSpeech.clock.advance(24 * 60 * 60 * 1000);
      try {
        await expect(service(withSpeech).get(owner.id, job.id)).rejects.toBeInstanceOf(NotFoundError);
      } finally {
        withSpeech.clock.advance(-24 * 60 * 60 * 1000);
      }
    });
  });
});
