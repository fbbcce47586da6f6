import { createHash } from 'node:crypto';
import { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { closeRedisConnection } from '@quarry/core';
import { CachedScrape, ScrapeCache } from '../../ports/scrape-cache';

/** The distributed cache: one Redis key per URL, expiring by itself. */
export class RedisScrapeCache extends ScrapeCache implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    super();
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  }

  private keyOf(key: string): string {
    return `${this.prefix}:scrape-cache:${createHash('sha256').update(key).digest('hex')}`;
  }

  async get(key: string): Promise<CachedScrape | undefined> {
    const value = await this.redis.get(this.keyOf(key));
    return value ? (JSON.parse(value) as CachedScrape) : undefined;
  }

  async set(key: string, value: CachedScrape, ttlMs: number): Promise<void> {
    await this.redis.set(this.keyOf(key), JSON.stringify(value), 'PX', ttlMs);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedisConnection(this.redis);
  }
}
