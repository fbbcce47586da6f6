import { AccountsService, CreditLedger } from '@quarry/accounts';
import {
  closeReport,
  eventually,
  startPlatformStandIns,
  type PlatformStandIns,
  speechMedia,
  SpeechToTextStandIn,
} from '@quarry/testing';
import { VideoJobsService } from '../src';
import { VideoJobEntity } from '../src/infrastructure/typeorm/video-job.entity';
import { createVideoTestContext, videoEngines } from './support/video-test-module';

const SPOKEN = 'sPoKeNoNlY1';

describe.each(videoEngines())('VideoModule on %s closes cleanly', (_name, engine) => {
  let standIns: PlatformStandIns;
  let stt: SpeechToTextStandIn;

  beforeAll(async () => {
    const speech = await speechMedia([{ text: 'Closing time.', atSeconds: 1 }], 5);
    standIns = await startPlatformStandIns({
      youtube: { videos: { [SPOKEN]: { lengthSeconds: 5, media: { file: speech.file } } } },
    });
    stt = await SpeechToTextStandIn.start();
  });
  afterAll(async () => {
    await standIns?.close();
    await stt?.close();
  });

  const options = () => ({ origins: standIns.origins, stt: { url: stt.url, model: 'whisper-1' } });

  it('right after it starts', async () => {
    const report = await closeReport(async () => {
      const context = await createVideoTestContext({ engine, allowHosts: [], options: options() });
      await context.close();
    });
    expect(report).toEqual({ leaked: [] });
  });

  // Its budget: start-up, up to 15 s for the job to reach the provider, the close, up to 10 s to settle.
  it('while a job waits on the speech-to-text provider, leaving the job unfinished and nothing charged', async () => {
    const report = await closeReport(async () => {
      const context = await createVideoTestContext({ engine, allowHosts: [], options: options() });
      const account = await context.moduleRef.get(AccountsService).create('close@example.com', 10);
      const uploads = stt.requests;
      stt.failNext('hang');
      const job = await context.moduleRef
        .get(VideoJobsService)
        .submit(account.id, { url: `https://youtu.be/${SPOKEN}`, mode: 'generate' });
      await eventually(() => stt.requests > uploads, 15_000);
      expect(await context.moduleRef.get(CreditLedger).reserved(account.id)).toBe(4);
      await context.moduleRef.close();
      const { dataSource } = context.database;
      const stored = await dataSource.getRepository(VideoJobEntity).findOneByOrFail({ id: job.id });
      expect(stored).toMatchObject({ status: 'processing', result: null, error: null });
      const charges = await dataSource
        .createQueryBuilder()
        .select('COUNT(*)', 'count')
        .from('quarry_credit_ledger', 'entry')
        .where('entry.account_id = :id AND entry.amount < 0', { id: account.id })
        .getRawOne<{ count: string | number }>();
      expect(Number(charges?.count)).toBe(0);
      await context.database.destroy();
    });
    expect(report).toEqual({ leaked: [] });
  }, 60_000);
});
