import { hash } from 'node:crypto';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { Clock, PreparedSql } from '@quarry/core';
import { CachedScrape, ScrapeCache } from '../../ports/scrape-cache';
import { ScrapeCacheEntryEntity } from './scrape-cache-entry.entity';

const hashOf = (key: string) => hash('sha256', key);
/** Expired rows are deleted at most this often, on a write. */
const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * The embedded cache: one row per URL in the app's database, read with one prepared statement.
 * No copy is kept in memory, so every instance sees a `set`, `forceFresh` refill or invalidation
 * made by any other at once.
 */
export class DatabaseScrapeCache extends ScrapeCache {
  private lastPurge = 0;
  private readonly sql: PreparedSql;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
    this.sql = new PreparedSql(dataSource);
  }

  private get rows() {
    return this.dataSource.getRepository(ScrapeCacheEntryEntity);
  }

  async get(key: string): Promise<CachedScrape | undefined> {
    const [row] = await this.sql.rows<{ value: string }>(
      'SELECT value FROM quarry_scrape_cache WHERE key_hash = ? AND expires_at > ?',
      [hashOf(key), this.clock.now().getTime()],
    );
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
