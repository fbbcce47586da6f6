import { INestApplicationContext, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { JobQueue } from '@quarry/queue';
import type { Redis } from 'ioredis';
import { BULL_QUEUE_MODULE_OPTIONS, BullJobQueue, BullQueueModule } from '../src';
import {
  type BullJobQueueOptions,
  resolveBullJobQueueOptions,
} from '../src/bull-job-queue-options.interface';
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

describe('BullQueueModule options', () => {
  it.each([
    [{ lockDuration: 1000 }, 'BullQueueModule: unknown option lockDuration — did you mean lockDurationMs?'],
    [{ maxStalledCount: -1 }, 'BullQueueModule: option maxStalledCount must be an integer >= 0, got -1'],
  ])('fail the boot on %j, naming the option', async (options, message) => {
    const compiling = Test.createTestingModule({
      imports: [BullQueueModule.forRoot({ redisUrl: testRedisUrl(), prefix, ...options })],
    }).compile();
    await expect(compiling).rejects.toThrow(message);
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
    [
      { redisUrl: 'localhost:6379' },
      'option redisUrl must be a redis:// or rediss:// URL, got "localhost:6379"',
    ],
    [{}, 'option redisUrl must be given'],
    [{ redisUrl: 'redis://cache', prefix: 'a:b' }, 'option prefix must be a non-empty string without ":"'],
    [
      { redisUrl: 'redis://cache', lockDurationMs: 0 },
      'option lockDurationMs must be an integer >= 1, got 0',
    ],
    [{ redisUrl: 'redis://cache', shutdownGraceMs: -1 }, 'option shutdownGraceMs must be an integer >= 0'],
    [{ redisUrl: 'redis://cache', maxStalledCount: 1.5 }, 'option maxStalledCount must be an integer >= 0'],
    [{ redisUrl: 'redis://cache', retention: 5 }, 'unknown option retention — did you mean retentionMs?'],
  ])('rejects %j', (options, message) => {
    expect(() => resolveBullJobQueueOptions(options as BullJobQueueOptions)).toThrow(
      `BullQueueModule: ${message}`,
    );
  });
});
