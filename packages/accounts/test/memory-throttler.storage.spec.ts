import { MemoryThrottlerStorage } from '../src/rate-limit/memory-throttler.storage';

describe('MemoryThrottlerStorage', () => {
  it('counts hits per key in a fixed window, and blocks past the limit until the window ends', async () => {
    const storage = new MemoryThrottlerStorage();
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await storage.increment('a', 60_000, 3));
    const otherKey = await storage.increment('b', 60_000, 3);
    expect(hits.map((h) => h.totalHits)).toEqual([1, 2, 3, 4]);
    expect(hits.map((h) => h.isBlocked)).toEqual([false, false, false, true]);
    expect(hits[3].timeToBlockExpire).toBeGreaterThan(0);
    expect(hits[3].timeToBlockExpire).toBeLessThanOrEqual(60);
    expect(otherKey).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('starts a new window when the old one ends', async () => {
    const storage = new MemoryThrottlerStorage();
    await storage.increment('a', 200, 1);
    expect((await storage.increment('a', 200, 1)).isBlocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storage.increment('a', 200, 1)).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});
