import { Entity, MigrationInterface, QueryRunner } from 'typeorm';
import { SystemClock } from '@quarry/core';
import { createTestDatabase, TestDatabase, testDatabaseEngines } from '@quarry/testing';
import {
  JobRecordEntity,
  jobRecordApiKeyColumn,
  jobRecordTable,
  TypeormJobRecordStore,
  type JobRecord,
} from '../src';

interface Request {
  url: string;
}
interface Failure {
  code: string;
  message: string;
}
type TestJob = JobRecord<Request, { text: string }, Failure>;

@Entity({ name: 'quarry_test_jobs' })
class TestJobEntity extends JobRecordEntity {}

class CreateTestJobs1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(jobRecordTable('quarry_test_jobs'));
    await queryRunner.addColumn('quarry_test_jobs', jobRecordApiKeyColumn());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_test_jobs');
  }
}

const schema = { entities: [TestJobEntity], migrations: [CreateTestJobs1700000000000] };

const job = (id: string, expiresAt: Date): TestJob => ({
  id,
  accountId: 'account-1',
  request: { url: 'https://example.com/' },
  status: 'queued',
  progress: 0,
  attempts: 0,
  createdAt: new Date(),
  expiresAt,
});

describe.each(testDatabaseEngines())('the TypeORM job record store on %s', (engine) => {
  let database: TestDatabase;
  let store: TypeormJobRecordStore<Request, { text: string }, Failure>;
  const later = () => new Date(Date.now() + 60_000);

  beforeAll(async () => {
    database = await createTestDatabase(engine, schema);
    store = new TypeormJobRecordStore(TestJobEntity, database.dataSource, new SystemClock());
  });
  afterAll(() => database?.destroy());

  it('only raises progress, whatever order the writes land in', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    await store.create(job(id, later()));
    await Promise.all([50, 20, 35, 50, 10].map((progress) => store.advanceProgress(id, progress)));
    expect((await store.get(id, new Date()))?.progress).toBe(50);
    await store.advanceProgress(id, 70);
    await store.markRetrying(id, { code: 'UPSTREAM', message: 'The upstream failed.' });
    await store.advanceProgress(id, 15);
    expect(await store.get(id, new Date())).toMatchObject({
      status: 'queued',
      progress: 70,
      error: { code: 'UPSTREAM', message: 'The upstream failed.' },
    });
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

  it('keeps the API key a job was submitted with, and none for a job without one', async () => {
    const keyed = '00000000-0000-4000-8000-000000000003';
    const keyless = '00000000-0000-4000-8000-000000000004';
    await store.create({ ...job(keyed, later()), apiKeyId: 'key-1' });
    await store.create(job(keyless, later()));
    expect((await store.get(keyed, new Date()))?.apiKeyId).toBe('key-1');
    expect(await store.get(keyless, new Date())).not.toHaveProperty('apiKeyId');
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

  it('keeps a callback and its delivery, counting every send even when they overlap', async () => {
    const id = '00000000-0000-4000-8000-000000000021';
    await store.create({
      ...job(id, later()),
      callback: { url: 'https://hooks.example/x', token: 'secret-token' },
      delivery: { status: 'pending', attempts: 0 },
    });
    await Promise.all([1, 2, 3].map(() => store.countDeliveryAttempt(id)));
    await store.recordDelivery(id, { status: 'pending', lastStatusCode: 503 });
    await store.complete(id, { text: 'done' });
    expect(await store.get(id, new Date())).toMatchObject({
      status: 'completed',
      progress: 100,
      result: { text: 'done' },
      callback: { url: 'https://hooks.example/x', token: 'secret-token' },
      delivery: { status: 'pending', attempts: 3, lastStatusCode: 503 },
    });
  });
});
