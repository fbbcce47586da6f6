import { AccountsService } from '@quarry/accounts';
import {
  speechMedia,
  SpeechToTextStandIn,
  startPlatformStandIns,
  type PlatformStandIns,
  type SpeechMedia,
} from '@quarry/testing';
import { runVideoJob } from './support/run-video-job';
import { createVideoTestContext, type VideoTestContext } from './support/video-test-module';

const REEL = { fractional: 'HaLfSeCoNd1', unsaid: 'NoLeNgTh001' };
const YT = { unsaid: 'nOlEnGtH001', cached: 'oLdDuRaTn01' };
const MEDIA_SECONDS = 9;

jest.setTimeout(90_000);

describe('durationSeconds is whole seconds, never null', () => {
  let speech: SpeechMedia;
  let standIns: PlatformStandIns;
  let stt: SpeechToTextStandIn;
  let context: VideoTestContext;
  let accountId: string;

  beforeAll(async () => {
    speech = await speechMedia([{ text: 'A reel about whales.', atSeconds: 1 }], MEDIA_SECONDS);
    const media = { file: speech.file, contentType: 'audio/mp4' };
    // The platform names no length: YouTube's player answers lengthSeconds "0".
    const captions = [
      { languageCode: 'en', cues: [{ text: 'the last words', startMs: 4000, durationMs: 2600 }] },
    ];
    standIns = await startPlatformStandIns({
      youtube: {
        videos: {
          [YT.unsaid]: { lengthSeconds: 0, captions },
          [YT.cached]: { lengthSeconds: 0, captions },
        },
      },
      instagram: {
        posts: {
          [REEL.fractional]: { duration: 12.5, media },
          [REEL.unsaid]: { media },
        },
      },
    });
    stt = await SpeechToTextStandIn.start();
    context = await createVideoTestContext({
      engine: { database: 'sqlite', queue: 'database' },
      allowHosts: [],
      options: { origins: standIns.origins, stt: { url: stt.url, model: 'whisper-1' } },
    });
    ({ id: accountId } = await context.moduleRef.get(AccountsService).create('durations@example.com', 30));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await Promise.all([standIns?.close(), stt?.close()]);
  });

  const reel = (id: string) => `https://www.instagram.com/reel/${id}/`;
  const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

  it("rounds the platform's fractional length, halves up", async () => {
    const job = await runVideoJob(context, accountId, { url: reel(REEL.fractional) });
    expect(job.result).toMatchObject({ durationSeconds: 13, credits: 4 });
  });

  it('takes the length of the media when the platform names none', async () => {
    const job = await runVideoJob(context, accountId, { url: reel(REEL.unsaid) });
    expect(job.result).toMatchObject({ durationSeconds: MEDIA_SECONDS, credits: 4 });
  });

  it('takes the end of the last caption when the platform names no length', async () => {
    const job = await runVideoJob(context, accountId, { url: watch(YT.unsaid) });
    expect(job.result).toMatchObject({ durationSeconds: 7, credits: 1, transcript: { source: 'captions' } });
  });

  it.each([null, 6.6])(
    'reads a result cached by an earlier version with duration %p as whole seconds',
    async (stored) => {
      const url = watch(YT.cached);
      await runVideoJob(context, accountId, { url, forceFresh: true });
      const [row] = await context.database.dataSource.query<{ value: string }[]>(
        'SELECT value FROM quarry_video_transcripts WHERE platform_id = ?',
        [YT.cached],
      );
      const value = { ...JSON.parse(row.value), durationSeconds: stored };
      await context.database.dataSource.query(
        'UPDATE quarry_video_transcripts SET value = ? WHERE platform_id = ?',
        [JSON.stringify(value), YT.cached],
      );
      const job = await runVideoJob(context, accountId, { url });
      expect(job.result).toMatchObject({ cached: true, durationSeconds: 7 });
    },
  );
});
