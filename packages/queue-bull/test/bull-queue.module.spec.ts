import { INestApplicationContext, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { JobQueue } from '@quarry/queue';
import type { Redis } from 'ioredis';
import { BULL_QUEUE_MODULE_OPTIONS, BullJobQueue, BullQueueModule } from '../src';
import { resolveBullJobQueueOptions } from '../src/bull-job-queue-options.interface';
import { connectToTestRedis, deleteKeys, testRedisUrl, uniquePrefix } from './bull-job-queue-engine';

const prefix = uniquePrefix();

// ioredis keeps a 2 s timer after disconnecting a socket that is already closed (an unreachable
// server, or Bull's local pause reconnecting its blocking client); let it run out so Jest exits cleanly.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 2100)));

@Module({ providers: [{ provide: 'REDIS_URL', useValue: testRedisUrl() }], exports: ['REDIS_URL'] })
class SettingsModule {}

const registrations = [
  ['forRoot', () => BullQueueModule.forRoot({ redisUrl: testRedisUrl(), prefix })],
  [
    'forRootAsync',
    () =>
      BullQueueModule.forRootAsync({
        imports: [SettingsModule],
        inject: ['REDIS_URL'],
        useFactory: async (redisUrl: string) => ({ redisUrl, prefix }),
      }),
  ],
] as const;

describe('BullJobQueue.ping', () => {
  it('fails when Redis cannot be reached', async () => {
    const queue = new BullJobQueue({ redisUrl: 'redis://127.0.0.1:1', prefix: uniquePrefix() });
    try {
      await expect(queue.ping()).rejects.toThrow();
    } finally {
      await queue.close();
    }
  });
});

describe.each(registrations)('BullQueueModule.%s', (_name, register) => {
  let redis: Redis;
  let app: INestApplicationContext;

  beforeAll(async () => {
    redis = await connectToTestRedis();
  });

  beforeEach(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [register()] }).compile();
    app = await moduleRef.init();
  });

  afterEach(async () => {
    await app.close();
  });

  afterAll(async () => {
    await deleteKeys(redis, prefix);
    await redis.quit();
  });

  it('provides JobQueue as the Bull engine, with the options given', () => {
    expect(app.get(JobQueue)).toBeInstanceOf(BullJobQueue);
    expect(app.get(JobQueue)).toBe(app.get(BullJobQueue));
    expect(app.get(BULL_QUEUE_MODULE_OPTIONS)).toEqual({ redisUrl: testRedisUrl(), prefix });
  });

  it('runs jobs once the application has booted, under the key prefix', async () => {
    const queue = app.get(JobQueue);
    await queue.ping();
    const ran = new Promise<unknown>((resolve) =>
      queue.process('greetings', async (job) => resolve(job.data)),
    );
    const { id } = await queue.add('greetings', { hello: 'world' });
    await expect(ran).resolves.toEqual({ hello: 'world' });
    expect(await redis.exists(`${prefix}:greetings:${id}`)).toBe(1);
  });
});

describe('resolveBullJobQueueOptions', () => {
  it('applies the defaults', () => {
    expect(resolveBullJobQueueOptions({ redisUrl: 'redis://cache:6379/2', runWorkers: false })).toEqual({
      redisUrl: 'redis://cache:6379/2',
      prefix: 'quarry',
      runWorkers: false,
      retentionMs: 86400000,
      shutdownGraceMs: 10000,
      lockDurationMs: 30000,
      stalledIntervalMs: 30000,
      maxStalledCount: 1,
    });
  });

  it.each([
    { redisUrl: 'localhost:6379' },
    { redisUrl: 'redis://cache', prefix: 'a:b' },
    { redisUrl: 'redis://cache', lockDurationMs: 0 },
    { redisUrl: 'redis://cache', shutdownGraceMs: -1 },
    { redisUrl: 'redis://cache', maxStalledCount: 1.5 },
  ])('rejects %j', (options) => {
    expect(() => resolveBullJobQueueOptions(options)).toThrow(Error);
  });
});
