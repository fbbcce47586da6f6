import { DataSource } from 'typeorm';
import { PreparedSql } from '@quarry/persistence';
import { HostBudget, type HostSlot, type HostTurn } from '../../ports/host-budget';

/** How long a slot stays taken when its worker never gives it back (it died): longer than any fetch (120 s at most). */
const SLOT_LEASE_MS = 180_000;
/** A slot handed on with this much of its lease left keeps its lease as it is: no fetch outlasts what is left. */
const LEASE_LEFT_TO_KEEP_MS = 150_000;
/** Wait before asking again when every slot of a host is taken (a slot given back in the same process wakes its waiters sooner). */
const BUSY_WAIT_MS = 250;

/**
 * The time between two starts on one host, in whole milliseconds (the clock's resolution), never
 * shorter than asked; a rate above 1,000 a second leaves no gap to keep.
 */
function gapOf(intervalMs: number): number {
  return intervalMs < 1 ? 0 : Math.ceil(intervalMs);
}

/**
 * Per-host politeness in `quarry_crawl_hosts` (the next start time of each host) and
 * `quarry_crawl_host_slots` (its request slots, leased): each claim is one conditional UPDATE, so
 * workers sharing the database share one budget per host.
 */
export class TypeormHostBudget extends HostBudget {
  private readonly sql: PreparedSql;
  private readonly prepared = new Set<string>();

  constructor(dataSource: DataSource) {
    super();
    this.sql = new PreparedSql(dataSource);
  }

  async take(host: string, concurrency: number, intervalMs: number, now: number): Promise<HostTurn> {
    await this.prepare(host, concurrency);
    const slot = await this.takeSlot(host, concurrency, now);
    if (!slot) return { granted: false, waitMs: BUSY_WAIT_MS };
    const gapMs = gapOf(intervalMs);
    if (gapMs === 0) return { granted: true, slot };
    const { affected } = await this.sql.execute(
      'UPDATE quarry_crawl_hosts SET next_at = ? WHERE host = ? AND next_at <= ?',
      [now + gapMs, host, now],
    );
    if (affected > 0) return { granted: true, slot };
    await this.release(slot);
    const [row] = await this.sql.rows('SELECT next_at FROM quarry_crawl_hosts WHERE host = ?', [host]);
    return { granted: false, waitMs: Math.max(1, Number(row?.next_at ?? now) - now) };
  }

  async release(slot: HostSlot): Promise<void> {
    await this.sql.execute(
      'UPDATE quarry_crawl_host_slots SET until = 0 WHERE host = ? AND slot = ? AND until = ?',
      [slot.host, slot.slot, slot.until],
    );
  }

  async renew(slot: HostSlot, now: number): Promise<HostSlot | undefined> {
    if (slot.until - now >= LEASE_LEFT_TO_KEEP_MS) return slot;
    const until = now + SLOT_LEASE_MS;
    const { affected } = await this.sql.execute(
      'UPDATE quarry_crawl_host_slots SET until = ? WHERE host = ? AND slot = ? AND until = ?',
      [until, slot.host, slot.slot, slot.until],
    );
    return affected > 0 ? { ...slot, until } : undefined;
  }

  /** One free slot of the host's first `concurrency`, leased in one statement. */
  private async takeSlot(host: string, concurrency: number, now: number): Promise<HostSlot | undefined> {
    const until = now + SLOT_LEASE_MS;
    const [row] = await this.sql.rows(
      `UPDATE quarry_crawl_host_slots SET until = ?
       WHERE host = ? AND until <= ? AND slot = (
         SELECT slot FROM quarry_crawl_host_slots WHERE host = ? AND slot < ? AND until <= ?
         ORDER BY slot LIMIT 1${this.sql.isSqlite ? '' : ' FOR UPDATE SKIP LOCKED'}
       )
       RETURNING slot`,
      [until, host, now, host, concurrency, now],
    );
    return row ? { host, slot: Number(row.slot), until } : undefined;
  }

  /** The host's rows, made once per process (a slot past `concurrency` is never used). */
  private async prepare(host: string, concurrency: number): Promise<void> {
    const key = `${host} ${concurrency}`;
    if (this.prepared.has(key)) return;
    await this.sql.execute(
      'INSERT INTO quarry_crawl_hosts (host, next_at) VALUES (?, 0) ON CONFLICT DO NOTHING',
      [host],
    );
    for (let slot = 0; slot < concurrency; slot++)
      await this.sql.execute(
        'INSERT INTO quarry_crawl_host_slots (host, slot, until) VALUES (?, ?, 0) ON CONFLICT DO NOTHING',
        [host, slot],
      );
    this.prepared.add(key);
  }
}
