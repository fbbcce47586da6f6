import { ThrottlerStorage } from '@nestjs/throttler';

interface Window {
  hits: number;
  endsAt: number;
}

/**
 * Rate-limit counters in this process, counted as RedisThrottlerStorage counts them: a fixed window
 * that the first hit starts. One map entry per key and a few arithmetic operations per request,
 * whatever the limit; windows that ended are swept once per window length.
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  async increment(
    key: string,
    ttl: number,
    limit: number,
  ): Promise<{ totalHits: number; timeToExpire: number; isBlocked: boolean; timeToBlockExpire: number }> {
    const now = Date.now();
    if (now >= this.nextSweepAt) this.sweep(now, ttl);
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { hits: 0, endsAt: now + ttl };
      this.windows.set(key, window);
    }
    window.hits += 1;
    const seconds = Math.ceil((window.endsAt - now) / 1000);
    const isBlocked = window.hits > limit;
    return {
      totalHits: window.hits,
      timeToExpire: seconds,
      isBlocked,
      timeToBlockExpire: isBlocked ? seconds : 0,
    };
  }

  private sweep(now: number, ttl: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.nextSweepAt = now + ttl;
  }
}
