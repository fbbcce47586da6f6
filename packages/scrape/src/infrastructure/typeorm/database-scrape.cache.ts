import { createHash } from 'node:crypto';
import { DataSource, LessThanOrEqual, MoreThan } from 'typeorm';
import { Clock } from '@quarry/core';
import { CachedScrape, ScrapeCache } from '../../ports/scrape-cache';
import { ScrapeCacheEntryEntity } from './scrape-cache-entry.entity';

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
/** Expired rows are deleted at most this often, on a write. */
const PURGE_INTERVAL_MS = 10 * 60_000;

/** The embedded cache: one row per URL in the app's database. */
export class DatabaseScrapeCache extends ScrapeCache {
  private lastPurge = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(ScrapeCacheEntryEntity);
  }

  async get(key: string): Promise<CachedScrape | undefined> {
    const row = await this.rows.findOneBy({ keyHash: hashOf(key), expiresAt: MoreThan(this.clock.now()) });
    return row ? (JSON.parse(row.value) as CachedScrape) : undefined;
  }

  async set(key: string, value: CachedScrape, ttlMs: number): Promise<void> {
    const now = this.clock.now();
    await this.rows.upsert(
      {
        keyHash: hashOf(key),
        url: key,
        value: JSON.stringify(value),
        expiresAt: new Date(now.getTime() + ttlMs),
      },
      ['keyHash'],
    );
    if (now.getTime() - this.lastPurge > PURGE_INTERVAL_MS) {
      this.lastPurge = now.getTime();
      await this.rows.delete({ expiresAt: LessThanOrEqual(now) });
    }
  }

  async delete(key: string): Promise<void> {
    await this.rows.delete({ keyHash: hashOf(key) });
  }
}
