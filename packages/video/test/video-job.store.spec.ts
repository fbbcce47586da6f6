import { SystemClock } from '@quarry/core';
import { createTestDatabase, TestDatabase, testDatabaseEngines } from '@quarry/testing';
import { TypeormVideoJobStore } from '../src/infrastructure/typeorm/typeorm-video-job.store';
import type { VideoJob } from '../src';
import { videoSchema } from './support/video-test-module';

const job = (id: string, expiresAt: Date): VideoJob => ({
  id,
  accountId: 'account-1',
  request: { url: 'https://youtu.be/dQw4w9WgXcQ', mode: 'auto' },
  status: 'queued',
  progress: 0,
  attempts: 0,
  createdAt: new Date(),
  expiresAt,
});

describe.each(testDatabaseEngines())('the video job store on %s', (engine) => {
  let database: TestDatabase;
  let store: TypeormVideoJobStore;
  const later = () => new Date(Date.now() + 60_000);

  beforeAll(async () => {
    database = await createTestDatabase(engine, videoSchema);
    store = new TypeormVideoJobStore(database.dataSource, new SystemClock());
  });
  afterAll(() => database?.destroy());

  it('only raises progress, whatever order the writes land in', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    await store.create(job(id, later()));
    await Promise.all([50, 20, 35, 50, 10].map((progress) => store.advanceProgress(id, progress)));
    expect((await store.get(id, new Date()))?.progress).toBe(50);
    await store.advanceProgress(id, 70);
    await store.markRetrying(id);
    await store.advanceProgress(id, 15);
    expect(await store.get(id, new Date())).toMatchObject({ status: 'queued', progress: 70 });
  });

  it('never returns an expired job, and purges it', async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    const expiresAt = new Date(Date.now() + 1_000);
    await store.create(job(id, expiresAt));
    expect(await store.get(id, new Date(expiresAt.getTime() - 1))).toBeDefined();
    expect(await store.get(id, expiresAt)).toBeUndefined();
    await store.purgeExpired(expiresAt);
    expect(await store.get(id, new Date(0))).toBeUndefined();
  });

  it("lists an account's unexpired jobs newest first, at most the limit, and no other account's", async () => {
    const now = new Date();
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const mine = (id: string, createdAt: Date, expiresAt: Date) => ({
      ...job(id, expiresAt),
      accountId: 'account-recent',
      createdAt,
    });
    await store.create(mine('00000000-0000-4000-8000-000000000011', at(-3000), later()));
    await store.create(mine('00000000-0000-4000-8000-000000000012', at(-2000), later()));
    await store.create(mine('00000000-0000-4000-8000-000000000013', at(-1000), later()));
    await store.create(mine('00000000-0000-4000-8000-000000000014', at(-500), at(-1)));
    await store.create({
      ...job('00000000-0000-4000-8000-000000000015', later()),
      accountId: 'account-other',
    });

    const ids = async (limit: number) =>
      (await store.recentForAccount('account-recent', limit, now)).map((found) => found.id.slice(-2));
    expect(await ids(2)).toEqual(['13', '12']);
    expect(await ids(10)).toEqual(['13', '12', '11']);
  });
});
