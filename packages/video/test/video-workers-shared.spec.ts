import { AccountsService, CreditLedger } from '@quarry/accounts';
import {
  eventually,
  startPlatformStandIns,
  type PlatformStandIns,
  SpeechToTextStandIn,
} from '@quarry/testing';
import { VideoJobsService, type VideoJob, type VideoModuleOptions } from '../src';
import { createVideoTestContext, videoEngines, type VideoTestContext } from './support/video-test-module';

/** YouTube ids (eleven characters): two videos whose media host trickles, one with captions. */
const YT = { slowOne: 'sLoWmEdIa01', slowTwo: 'sLoWmEdIa02', captioned: 'cApTiOnEd01' };
const youtubeUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const DOWNLOAD_DEADLINE_MS = 2500;

jest.setTimeout(60_000);

describe.each(videoEngines())('video jobs sharing the workers on %s', (_name, engine) => {
  let standIns: PlatformStandIns;
  let stt: SpeechToTextStandIn;
  let context: VideoTestContext | undefined;

  beforeAll(async () => {
    const trickle = { trickleEveryMs: 200 };
    standIns = await startPlatformStandIns({
      youtube: {
        videos: {
          [YT.slowOne]: { lengthSeconds: 60, media: trickle },
          [YT.slowTwo]: { lengthSeconds: 60, media: trickle },
          [YT.captioned]: {
            lengthSeconds: 10,
            captions: [{ languageCode: 'en', cues: [{ text: 'Hello', startMs: 0, durationMs: 900 }] }],
          },
        },
      },
    });
    stt = await SpeechToTextStandIn.start();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await Promise.all([standIns?.close(), stt?.close()]);
  });

  async function start(options: VideoModuleOptions): Promise<VideoTestContext> {
    context = await createVideoTestContext({
      engine,
      allowHosts: [],
      options: {
        origins: standIns.origins,
        stt: { url: stt.url, model: 'whisper-1' },
        concurrency: 2,
        mediaDownloadTimeoutMs: DOWNLOAD_DEADLINE_MS,
        ...options,
      },
    });
    return context;
  }

  const account = (at: VideoTestContext, credits: number) =>
    at.moduleRef.get(AccountsService).create(`${Math.random().toString(36).slice(2)}@example.com`, credits);
  const job = (at: VideoTestContext, accountId: string, id: string) =>
    at.moduleRef.get(VideoJobsService).get(accountId, id);
  const finished = (found: VideoJob) => found.status === 'completed' || found.status === 'failed';
  const mediaRequests = (id: string) =>
    standIns.youtube!.requests.filter(
      (request) => request.path === '/videoplayback' && request.query.get('id')?.endsWith(id),
    ).length;

  async function settle(at: VideoTestContext, accountId: string, id: string): Promise<VideoJob> {
    let found = await job(at, accountId, id);
    await eventually(async () => finished((found = await job(at, accountId, id))), 20_000);
    return found;
  }

  it('cuts a media download that trickles past the deadline with TIMEOUT, giving the held credits back', async () => {
    const at = await start({});
    const { id: accountId } = await account(at, 10);
    const submitted = await at.moduleRef
      .get(VideoJobsService)
      .submit(accountId, { url: youtubeUrl(YT.slowOne), mode: 'generate' });

    const failed = await settle(at, accountId, submitted.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { code: 'TIMEOUT', message: expect.stringContaining('2.5 s'), url: youtubeUrl(YT.slowOne) },
    });
    const ledger = at.moduleRef.get(CreditLedger);
    expect(await ledger.balance(accountId)).toBe(10);
    expect(await ledger.reserved(accountId)).toBe(0);
  });

  it("without a per-account cap, one account's slow jobs hold every worker until their deadline", async () => {
    const at = await start({ maxConcurrentJobsPerAccount: 2 });
    const [{ id: a }, { id: b }] = await Promise.all([account(at, 10), account(at, 10)]);
    const jobs = at.moduleRef.get(VideoJobsService);
    const slow = [
      await jobs.submit(a, { url: youtubeUrl(YT.slowOne), mode: 'generate', forceFresh: true }),
      await jobs.submit(a, { url: youtubeUrl(YT.slowTwo), mode: 'generate', forceFresh: true }),
    ];
    await eventually(() => mediaRequests(YT.slowOne) + mediaRequests(YT.slowTwo) >= 2);
    const captions = await jobs.submit(b, { url: youtubeUrl(YT.captioned), mode: 'native' });

    expect(await settle(at, b, captions.id)).toMatchObject({ status: 'completed' });
    const slowNow = await Promise.all(slow.map((one) => job(at, a, one.id)));
    expect(slowNow.some((one) => one.error?.code === 'TIMEOUT')).toBe(true);
  });

  it("runs another account's job while the first account's second job waits its turn", async () => {
    const at = await start({});
    const [{ id: a }, { id: b }] = await Promise.all([account(at, 10), account(at, 10)]);
    const jobs = at.moduleRef.get(VideoJobsService);
    const first = await jobs.submit(a, { url: youtubeUrl(YT.slowOne), mode: 'generate', forceFresh: true });
    await eventually(() => mediaRequests(YT.slowOne) > 0);
    const slowTwoAsked = mediaRequests(YT.slowTwo);
    const second = await jobs.submit(a, { url: youtubeUrl(YT.slowTwo), mode: 'generate', forceFresh: true });
    const captions = await jobs.submit(b, { url: youtubeUrl(YT.captioned), mode: 'native' });

    expect(await settle(at, b, captions.id)).toMatchObject({ status: 'completed' });
    expect(await job(at, a, first.id)).toMatchObject({ status: 'processing' });
    expect(await job(at, a, second.id)).toMatchObject({ status: 'queued', progress: 0, attempts: 0 });
    expect(mediaRequests(YT.slowTwo)).toBe(slowTwoAsked);

    // The second runs once the first is done, with all its attempts.
    expect(await settle(at, a, first.id)).toMatchObject({ error: { code: 'TIMEOUT' } });
    expect(await settle(at, a, second.id)).toMatchObject({ attempts: 1, error: { code: 'TIMEOUT' } });
    const ledger = at.moduleRef.get(CreditLedger);
    expect(await ledger.balance(a)).toBe(10);
    expect(await ledger.reserved(a)).toBe(0);
    expect(await ledger.balance(b)).toBe(9);
  });
});
