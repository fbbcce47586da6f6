import { SqliteChangeCounter } from '@quarry/persistence';
import { CachedScrape } from '../../ports/scrape-cache';

/** Characters of cached JSON kept in memory at most; past it the memory starts over. */
const MAX_REMEMBERED_CHARS = 32 * 1024 * 1024;

interface Remembered {
  value: CachedScrape;
  expiresAt: number;
  chars: number;
}

/**
 * Cached scrapes kept in memory in front of the SQLite table, so a cache hit reads no row. All of
 * it is forgotten when another connection wrote the table (`SqliteChangeCounter`, moved by the
 * table's triggers); this process's own writes update it entry by entry.
 */
export class RememberedScrapes {
  private readonly entries = new Map<string, Remembered>();
  private chars = 0;

  constructor(private readonly changes: SqliteChangeCounter) {}

  /** The remembered value of `key` unless it expired by `now` (epoch ms) or another connection wrote the table. */
  get(key: string, now: number): CachedScrape | undefined {
    if (this.changes.moved()) this.clear();
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.forget(key);
    return undefined;
  }

  /** Remembers `value`, read from or written to the table, whose JSON is `chars` long. */
  remember(key: string, value: CachedScrape, expiresAt: number, chars: number): void {
    this.forget(key);
    if (this.chars + chars > MAX_REMEMBERED_CHARS) this.clear();
    this.entries.set(key, { value, expiresAt, chars });
    this.chars += chars;
  }

  forget(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.chars -= entry.chars;
  }

  /** Counts rows this process wrote to the table, which moved its change counter by as many. */
  countOwnWrites(rows: number): void {
    this.changes.countOwn(rows);
  }

  private clear(): void {
    this.entries.clear();
    this.chars = 0;
  }
}
