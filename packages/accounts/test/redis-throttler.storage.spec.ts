import { randomBytes } from 'node:crypto';
import { testRedisUrl } from '@quarry/testing';
import { RedisThrottlerStorage } from '../src/rate-limit/redis-throttler.storage';

const redisUrl = testRedisUrl() ?? '';

(redisUrl ? describe : describe.skip)('RedisThrottlerStorage', () => {
  let storage: RedisThrottlerStorage;
  beforeAll(() => {
    storage = new RedisThrottlerStorage(redisUrl);
  });
  afterAll(() => storage.onApplicationShutdown());

  it('counts hits in a fixed window shared by every instance, and blocks past the limit', async () => {
    const key = `quarry-test:rate:${randomBytes(6).toString('hex')}`;
    const other = new RedisThrottlerStorage(redisUrl);
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await storage.increment(key, 60_000, 3));
    const fourth = await other.increment(key, 60_000, 3);
    await other.onApplicationShutdown();
    expect(hits.map((h) => h.totalHits)).toEqual([1, 2, 3]);
    expect(hits.every((h) => !h.isBlocked)).toBe(true);
    expect(fourth).toMatchObject({ totalHits: 4, isBlocked: true });
    expect(fourth.timeToBlockExpire).toBeGreaterThan(0);
    expect(fourth.timeToBlockExpire).toBeLessThanOrEqual(60);
  });

  it('starts a new window when the old one expires', async () => {
    const key = `quarry-test:rate:${randomBytes(6).toString('hex')}`;
    await storage.increment(key, 200, 1);
    expect((await storage.increment(key, 200, 1)).isBlocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storage.increment(key, 200, 1)).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});
