import { OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { closeRedisConnection } from '@quarry/core';

/** Fixed window: the first hit starts the window; returns hits so far and the window's remaining ms. */
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { hits, ttl }
`;

/** Rate-limit counters in Redis, so every instance enforces the same per-key limit. */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(redisUrl: string) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
  ): Promise<{ totalHits: number; timeToExpire: number; isBlocked: boolean; timeToBlockExpire: number }> {
    const [totalHits, ttlMs] = (await this.redis.eval(INCREMENT, 1, key, String(ttl))) as [number, number];
    const seconds = Math.ceil(ttlMs / 1000);
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedisConnection(this.redis);
  }
}
