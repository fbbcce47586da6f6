import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { JobQueueContractSubject, JobQueueEngineSettings, OpenedJobQueue } from '@quarry/testing';
import { BullJobQueue } from '../src';

/** The Redis the tests use; a missing server fails them rather than skipping. */
export const testRedisUrl = (): string => process.env.QUARRY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test run uses. */
export const uniquePrefix = (): string => `quarry-test-${randomBytes(5).toString('hex')}`;

/** Opens the Bull engine with locks and stall checks short enough for tests. */
export async function openBullJobQueue(
  argument: { redisUrl: string; prefix: string },
  settings: JobQueueEngineSettings = {},
): Promise<OpenedJobQueue> {
  const queue = new BullJobQueue({ ...argument, lockDurationMs: 1000, stalledIntervalMs: 500, ...settings });
  queue.start();
  return { queue, close: () => queue.close() };
}

/** Fails at once, with the URL, when Redis cannot be reached. */
export async function connectToTestRedis(url = testRedisUrl()): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis at ${url} is not reachable (set QUARRY_TEST_REDIS_URL): ${(error as Error).message}`,
    );
  }
  return redis;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** A contract subject: the Bull engine on the test Redis, under a prefix of its own. */
export async function createBullJobQueueSubject(): Promise<JobQueueContractSubject> {
  const redisUrl = testRedisUrl();
  const redis = await connectToTestRedis(redisUrl);
  const argument = { redisUrl, prefix: uniquePrefix() };
  return {
    open: (settings) => openBullJobQueue(argument, settings),
    child: { module: __filename, exportName: openBullJobQueue.name, argument },
    // Lock expiry plus two stall checks.
    crashRecoveryMs: 2500,
    destroy: async () => {
      await deleteKeys(redis, argument.prefix);
      await redis.quit();
    },
  };
}
