import type { IncomingHttpHeaders } from 'node:http';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  FixtureServer,
  PlatformStandIns,
  speechMedia,
  SpeechToTextStandIn,
  startFixtureServer,
  startPlatformStandIns,
} from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

const YOUTUBE_ID = 'e2eCaPtIoN1';
const REEL = 'E2eReEl0001';

interface VideoJobBody {
  jobId: string;
  status: string;
  progress: number;
  result?: Record<string, unknown> & { transcript: { source: string; segments: unknown[]; text: string } };
  error?: { code: string; message: string; url: string };
}

jest.setTimeout(120_000);

describe('POST /v1/api/video/process and GET /v1/api/video/jobs/:jobId (docs/api.md §7)', () => {
  let standIns: PlatformStandIns;
  let stt: SpeechToTextStandIn;
  let receiver: FixtureServer;
  let t: TestApp;
  let key: string;
  let webhookSecret: string;
  const callbacks: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    const speech = await speechMedia([{ text: 'Quarry reads videos out loud.', atSeconds: 1 }], 70);
    standIns = await startPlatformStandIns({
      youtube: {
        videos: {
          [YOUTUBE_ID]: {
            title: 'Captions end to end',
            description: 'About Quarry.',
            publishDate: '2025-01-02T03:04:05-08:00',
            author: 'Quarry',
            handle: 'quarry',
            lengthSeconds: 4,
            captions: [
              {
                languageCode: 'en',
                kind: 'asr',
                cues: [{ text: 'machine words', startMs: 0, durationMs: 1000 }],
              },
              {
                languageCode: 'en',
                format: 'srv3',
                cues: [
                  { text: 'Hello & welcome', startMs: 0, durationMs: 1500 },
                  { text: 'to Quarry', startMs: 1500, durationMs: 2000 },
                ],
              },
            ],
          },
        },
      },
      instagram: {
        posts: { [REEL]: { username: 'quarry.reels', caption: 'Spoken', media: { file: speech.file } } },
      },
    });
    stt = await SpeechToTextStandIn.start();
    receiver = await startFixtureServer({
      '/hook': (req, body) => {
        callbacks.push({ headers: req.headers, body: body.toString('utf8') });
        return { status: 204 };
      },
    });
    t = await startTestApp({
      QUARRY_VIDEO_ORIGINS: JSON.stringify(standIns.origins),
      QUARRY_STT_URL: stt.url,
      QUARRY_ALLOW_HOSTS: receiver.hostPort,
      QUARRY_CALLBACK_BACKOFF_MS: '100',
    });
    const created = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'video@example.com', credits: 20 });
    key = created.body.apiKey;
    webhookSecret = created.body.webhookSecret;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([standIns?.close(), stt?.close(), receiver?.close()]);
  });

  const api = () => request(t.url);
  const balance = async () =>
    (await api().get('/v1/api/account').auth(key, { type: 'bearer' })).body.account.credits as number;

  /** Polls the job to its end, recording every progress value seen. */
  async function finished(jobId: string, seen: number[] = []): Promise<VideoJobBody> {
    for (;;) {
      const response = await api().get(`/v1/api/video/jobs/${jobId}`).auth(key, { type: 'bearer' });
      expect(response.status).toBe(200);
      const job = response.body as VideoJobBody;
      seen.push(job.progress);
      if (job.status === 'completed' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('transcribes a captioned YouTube video from its manual track for 1 credit, then serves it cached', async () => {
    const before = await balance();
    const url = `https://youtu.be/${YOUTUBE_ID}`;
    const accepted = await api().post('/v1/api/video/process').auth(key, { type: 'bearer' }).send({ url });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ jobId: expect.any(String), status: 'queued' });
    const seen: number[] = [];
    const job = await finished(accepted.body.jobId, seen);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(job).toMatchObject({ status: 'completed', progress: 100 });
    expect(job.result).toEqual({
      url,
      finalUrl: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
      platform: 'youtube',
      platformId: YOUTUBE_ID,
      title: 'Captions end to end',
      description: 'About Quarry.',
      author: {
        displayName: 'Quarry',
        handle: 'quarry',
        profileUrl: expect.stringMatching(/^https:\/\/www\.youtube\.com\//),
      },
      durationSeconds: 4,
      thumbnailUrl: expect.stringMatching(/^https:\/\/i\.ytimg\.com\//),
      publishedAt: '2025-01-02T11:04:05.000Z',
      transcript: {
        text: 'Hello & welcome to Quarry',
        language: 'en',
        availableLanguages: ['en'],
        source: 'captions',
        segments: [
          { text: 'Hello & welcome', startMs: 0, durationMs: 1500 },
          { text: 'to Quarry', startMs: 1500, durationMs: 2000 },
        ],
      },
      processedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      cached: false,
      credits: 1,
    });
    expect(await balance()).toBe(before - 1);

    const again = await api()
      .post('/v1/api/video/process')
      .auth(key, { type: 'bearer' })
      .send({ url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}` });
    const cached = await finished(again.body.jobId);
    expect(cached.result).toMatchObject({ cached: true, credits: 1, transcript: job.result!.transcript });
    expect(await balance()).toBe(before - 2);
  });

  it('transcribes an Instagram reel with speech-to-text, 4 credits per started minute, and delivers a signed callback', async () => {
    const before = await balance();
    const accepted = await api()
      .post('/v1/api/video/process')
      .auth(key, { type: 'bearer' })
      .send({
        url: `https://www.instagram.com/reel/${REEL}/`,
        callbackUrl: `${receiver.origin}/hook`,
        callbackToken: 'reel-token',
      });
    expect(accepted.status).toBe(202);
    const job = await finished(accepted.body.jobId);
    expect(job.result).toMatchObject({
      platform: 'instagram',
      platformId: REEL,
      author: { handle: 'quarry.reels' },
      transcript: { source: 'generated' },
      cached: false,
      credits: 8,
    });
    expect(job.result!.transcript.text).toMatch(/\S/);
    expect(stt.uploads.length).toBeGreaterThan(0);
    expect(stt.uploads.every((upload) => upload.decodable)).toBe(true);
    expect(await balance()).toBe(before - 8);

    for (let i = 0; i < 100 && callbacks.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const [callback] = callbacks;
    expect(callback.headers['x-callback-token']).toBe('reel-token');
    const payload = new Webhook(webhookSecret).verify(callback.body, {
      'webhook-id': String(callback.headers['webhook-id']),
      'webhook-timestamp': String(callback.headers['webhook-timestamp']),
      'webhook-signature': String(callback.headers['webhook-signature']),
    });
    expect(payload).toEqual({ jobId: accepted.body.jobId, status: 'completed', result: job.result });
  });

  it('refuses an unsupported URL naming the platforms, and hides other accounts’ jobs', async () => {
    const refused = await api()
      .post('/v1/api/video/process')
      .auth(key, { type: 'bearer' })
      .send({ url: 'https://vimeo.com/123456' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.details.url).toMatch(/youtube.*instagram.*tiktok|youtube.*tiktok.*instagram/i);

    const mine = await api()
      .post('/v1/api/video/process')
      .auth(key, { type: 'bearer' })
      .send({ url: `https://www.youtube.com/shorts/${YOUTUBE_ID}` });
    const other = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'other-video@example.com', credits: 1 });
    const foreign = await api()
      .get(`/v1/api/video/jobs/${mine.body.jobId}`)
      .auth(other.body.apiKey, { type: 'bearer' });
    const unknown = await api().get('/v1/api/video/jobs/not-a-job').auth(key, { type: 'bearer' });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(unknown.body);
    await finished(mine.body.jobId);
  });
});
