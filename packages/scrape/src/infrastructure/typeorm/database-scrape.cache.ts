import { hash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '@quarry/core';
import { PreparedSql, SqliteChangeCounter } from '@quarry/persistence';
import { CachedScrape, ScrapeCache } from '../../ports/scrape-cache';
import { SCRAPE_CACHE_CHANGE_TRIGGERS } from './migrations/1765300000000-count-scrape-cache-changes.migration';
import { RememberedScrapes } from './remembered-scrapes';

const hashOf = (key: string) => hash('sha256', key);
/** Expired rows are deleted at most this often, on a write. */
const PURGE_INTERVAL_MS = 10 * 60_000;

const SELECT_LIVE = 'SELECT value, expires_at FROM quarry_scrape_cache WHERE key_hash = ? AND expires_at > ?';
const UPSERT =
  'INSERT INTO quarry_scrape_cache (key_hash, url, value, expires_at) VALUES (?, ?, ?, ?) ' +
  'ON CONFLICT (key_hash) DO UPDATE SET url = excluded.url, value = excluded.value, expires_at = excluded.expires_at';
const DELETE_ONE = 'DELETE FROM quarry_scrape_cache WHERE key_hash = ?';
const DELETE_EXPIRED = 'DELETE FROM quarry_scrape_cache WHERE expires_at <= ?';
const SELECT_CHANGES = 'SELECT changes FROM quarry_scrape_cache_changes WHERE id = 1';

interface LiveRow {
  value: string;
  expires_at: number | string;
}

/**
 * The embedded cache: one row per URL in the app's database, read with one prepared statement.
 * On SQLite (with the schema's change counter) the rows read or written are also remembered in
 * memory, so a hit reads no row, and forgotten when another connection writes the table; there
 * each read or write and its memory are one synchronous step, so no other write of this process
 * comes between them. Every instance sees a `set`, `forceFresh` refill or invalidation made by
 * any other from its next request.
 */
export class DatabaseScrapeCache extends ScrapeCache {
  private lastPurge = 0;
  private readonly sql: PreparedSql;
  /** Decided on first use: null on PostgreSQL or a SQLite schema without the counter's triggers. */
  private memory?: RememberedScrapes | null;

  constructor(
    dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
    this.sql = new PreparedSql(dataSource);
  }

  async get(key: string): Promise<CachedScrape | undefined> {
    const now = this.clock.now().getTime();
    const memory = this.rememberedScrapes();
    if (!memory) {
      const [row] = await this.sql.rows<LiveRow>(SELECT_LIVE, [hashOf(key), now]);
      return row ? (JSON.parse(row.value) as CachedScrape) : undefined;
    }
    const remembered = memory.get(key, now);
    if (remembered) return remembered;
    const [row] = this.sql.statement(SELECT_LIVE).all(hashOf(key), now) as LiveRow[];
    if (!row) return undefined;
    const value = JSON.parse(row.value) as CachedScrape;
    memory.remember(key, value, Number(row.expires_at), row.value.length);
    return value;
  }

  async set(key: string, value: CachedScrape, ttlMs: number): Promise<void> {
    const now = this.clock.now().getTime();
    const json = JSON.stringify(value);
    const row = [hashOf(key), key, json, now + ttlMs];
    const memory = this.rememberedScrapes();
    if (memory) {
      this.sql.statement(UPSERT).run(...row);
      memory.countOwnWrites(1);
      memory.remember(key, value, now + ttlMs, json.length);
    } else await this.sql.run(UPSERT, row);
    if (now - this.lastPurge > PURGE_INTERVAL_MS) {
      this.lastPurge = now;
      if (memory) memory.countOwnWrites(this.sql.statement(DELETE_EXPIRED).run(now).changes);
      else await this.sql.run(DELETE_EXPIRED, [now]);
    }
  }

  async delete(key: string): Promise<void> {
    const memory = this.rememberedScrapes();
    if (memory) {
      memory.countOwnWrites(this.sql.statement(DELETE_ONE).run(hashOf(key)).changes);
      memory.forget(key);
    } else await this.sql.run(DELETE_ONE, [hashOf(key)]);
  }

  private rememberedScrapes(): RememberedScrapes | null {
    if (this.memory === undefined)
      this.memory =
        this.sql.isSqlite && this.countsChanges()
          ? new RememberedScrapes(new SqliteChangeCounter(this.sql, SELECT_CHANGES))
          : null;
    return this.memory;
  }

  /** Whether the table's writes move its change counter (a schema made by the migrations). */
  private countsChanges(): boolean {
    const present = this.sql
      .statement(
        `SELECT name FROM sqlite_master WHERE type = 'trigger' AND name IN (${SCRAPE_CACHE_CHANGE_TRIGGERS.map(() => '?').join(', ')})`,
      )
      .all(...SCRAPE_CACHE_CHANGE_TRIGGERS);
    return present.length === SCRAPE_CACHE_CHANGE_TRIGGERS.length;
  }
}
