import { PaymentRequiredError } from '@quarry/core';
import { AccountsService, CreditLedger } from '@quarry/accounts';
import { eventually, startPlatformStandIns, type PlatformStandIns } from '@quarry/testing';
import { VideoJobsService, type VideoJob } from '../src';
import { createVideoTestContext, videoEngines, type VideoTestContext } from './support/video-test-module';

const CAPTIONED = 'cApTiOnEd01';
const PRIVATE = 'pRiVaTe0001';
const youtubeUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

jest.setTimeout(60_000);

describe.each(videoEngines())('credits held from submission on %s', (_name, engine) => {
  let standIns: PlatformStandIns;
  let context: VideoTestContext;

  beforeAll(async () => {
    standIns = await startPlatformStandIns({
      youtube: {
        videos: {
          [CAPTIONED]: {
            lengthSeconds: 10,
            captions: [{ languageCode: 'en', cues: [{ text: 'Hello', startMs: 0, durationMs: 900 }] }],
          },
          [PRIVATE]: { playability: { status: 'LOGIN_REQUIRED', reason: 'This video is private' } },
        },
      },
    });
    context = await createVideoTestContext({
      engine,
      allowHosts: [],
      options: { origins: standIns.origins },
    });
  });

  afterAll(async () => {
    await context?.close();
    await standIns?.close();
  });

  const jobs = () => context.moduleRef.get(VideoJobsService);
  const ledger = () => context.moduleRef.get(CreditLedger);
  const account = (credits: number) =>
    context.moduleRef
      .get(AccountsService)
      .create(`${Math.random().toString(36).slice(2)}@example.com`, credits);

  async function settled(accountId: string, ids: string[]): Promise<VideoJob[]> {
    const read = () => Promise.all(ids.map((id) => jobs().get(accountId, id)));
    await eventually(
      async () => (await read()).every((job) => ['completed', 'failed'].includes(job.status)),
      30_000,
    );
    return read();
  }

  it('accepts only the jobs the balance can hold: 50 submissions on 10 credits, 10 accepted, each charged once', async () => {
    const { id: accountId } = await account(10);
    const submissions = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        jobs().submit(accountId, { url: youtubeUrl(CAPTIONED), forceFresh: true }),
      ),
    );

    const accepted = submissions.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    const refused = submissions.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const reason of refused) expect(reason).toBeInstanceOf(PaymentRequiredError);

    const done = await settled(
      accountId,
      accepted.map((job) => job.id),
    );
    expect(done.map((job) => job.status)).toEqual(Array(10).fill('completed'));
    expect(await ledger().balance(accountId)).toBe(0);
    expect(await ledger().reserved(accountId)).toBe(0);
    expect(await ledger().usageSince(accountId, new Date(0))).toEqual({ video: { count: 10, credits: 10 } });
  });

  it('gives the hold of a failed job back', async () => {
    const { id: accountId } = await account(1);
    const job = await jobs().submit(accountId, { url: youtubeUrl(PRIVATE) });

    const [failed] = await settled(accountId, [job.id]);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'VIDEO_PRIVATE' } });
    expect(await ledger().balance(accountId)).toBe(1);
    expect(await ledger().reserved(accountId)).toBe(0);
  });
});
