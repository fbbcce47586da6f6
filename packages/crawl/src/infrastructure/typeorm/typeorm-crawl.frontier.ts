import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { isUniqueViolation, PreparedSql } from '@quarry/persistence';
import type { ScrapeResult } from '@quarry/scrape';
import { chunksOf } from '../../chunks-of';
import type { CrawlPage, CrawlStopReason } from '../../domain/crawl-request';
import {
  CrawlFrontier,
  type CrawlState,
  type FoundUrl,
  type FrontierCounts,
  type FrontierPage,
  type FrontierStatus,
  type PageOutcome,
  type ResultsPage,
} from '../../ports/crawl-frontier';

/** URLs looked up and recorded in one statement. */
const LOOKUP_CHUNK = 500;
/** URLs recorded between two turns of the event loop, so that seeding a whole sitemap never holds the API's answers. */
const URLS_PER_TURN = 100;

const EMPTY_COUNTS: FrontierCounts = {
  pending: 0,
  fetching: 0,
  completed: 0,
  failed: 0,
  dropped: 0,
  duplicate: 0,
  alias: 0,
};

/**
 * Records a fetched page with the next sequence of its crawl, which results are paged by. The
 * counter's row stays locked until the page's row commits with it, so sequences commit in order:
 * once a page is seen, every page before it is too, and a cursor is never overtaken.
 */
const RECORD_ON_POSTGRES = `WITH counter AS (UPDATE quarry_crawls SET recorded = recorded + 1 WHERE id = ? RETURNING recorded)
  UPDATE quarry_crawl_pages SET status = ?, result = ?, seq = (SELECT recorded FROM counter)
  WHERE crawl_id = ? AND page_id = ? AND status IN ('pending', 'fetching')`;
/** The same on SQLite, which writes one statement at a time: the next after the crawl's highest. */
const RECORD_ON_SQLITE = `UPDATE quarry_crawl_pages SET status = ?, result = ?,
    seq = (SELECT COALESCE(MAX(seq), 0) + 1 FROM quarry_crawl_pages WHERE crawl_id = ?)
  WHERE crawl_id = ? AND page_id = ? AND status IN ('pending', 'fetching')`;

const TAKE_BUDGET =
  'UPDATE quarry_crawls SET discovered = discovered + 1 WHERE id = ? AND discovered < page_limit AND stop_reason IS NULL';
const INSERT_PENDING =
  "INSERT INTO quarry_crawl_pages (crawl_id, page_id, url, depth, status) VALUES (?, ?, ?, ?, 'pending')";
/**
 * On PostgreSQL, the URLs of one add in one statement. The crawl's row is locked first, so the adds
 * of a crawl take its budget one after another and never pass its limit together. A URL another
 * worker recorded after this statement's snapshot is skipped by its unique key and not counted:
 * `tried` then exceeds the ids `added`, and the URLs left are tried again.
 */
const ADD_ON_POSTGRES = `WITH crawl AS (
    SELECT page_limit - discovered AS room FROM quarry_crawls WHERE id = ? AND stop_reason IS NULL FOR UPDATE
  ), found AS (
    SELECT f.page_id, f.url, f.depth
    FROM unnest(?::varchar[], ?::varchar[], ?::int[]) WITH ORDINALITY AS f(page_id, url, depth, ord)
    WHERE NOT EXISTS (SELECT 1 FROM quarry_crawl_pages p WHERE p.crawl_id = ? AND p.page_id = f.page_id)
    ORDER BY f.ord LIMIT GREATEST(COALESCE((SELECT room FROM crawl), 0), 0)
  ), added AS (
    INSERT INTO quarry_crawl_pages (crawl_id, page_id, url, depth, status)
    SELECT ?, page_id, url, depth, 'pending' FROM found ON CONFLICT DO NOTHING RETURNING page_id
  ), counted AS (
    UPDATE quarry_crawls SET discovered = discovered + (SELECT COUNT(*) FROM added)
    WHERE id = ? AND EXISTS (SELECT 1 FROM added)
  )
  SELECT (SELECT room FROM crawl) AS room, (SELECT COUNT(*) FROM found) AS tried, (SELECT array_agg(page_id) FROM added) AS added`;

/** What one chunk of an add recorded, and whether the crawl's budget (or the crawl) ended on it. */
interface ChunkAdded {
  ids: Set<string>;
  full: boolean;
}

/** The frontier in `quarry_crawls` and `quarry_crawl_pages`, on SQLite or PostgreSQL. */
export class TypeormCrawlFrontier extends CrawlFrontier {
  private readonly sql: PreparedSql;

  constructor(dataSource: DataSource) {
    super();
    this.sql = new PreparedSql(dataSource);
  }

  async createCrawl(id: string, state: CrawlState, expiresAt: Date): Promise<void> {
    await this.sql.execute(
      'INSERT INTO quarry_crawls (id, page_limit, page_price, discovered, stop_reason, expires_at) VALUES (?, ?, ?, 0, NULL, ?)',
      [id, state.pageLimit, state.pagePrice, expiresAt.getTime()],
    );
  }

  async state(crawlId: string): Promise<CrawlState | undefined> {
    const [row] = await this.sql.rows(
      'SELECT page_limit, page_price, stop_reason FROM quarry_crawls WHERE id = ?',
      [crawlId],
    );
    return row ? crawlStateOf(row) : undefined;
  }

  async stop(crawlId: string, reason: CrawlStopReason): Promise<void> {
    await this.sql.execute('UPDATE quarry_crawls SET stop_reason = ? WHERE id = ? AND stop_reason IS NULL', [
      reason,
      crawlId,
    ]);
    await this.sql.execute(
      "UPDATE quarry_crawl_pages SET status = 'dropped' WHERE crawl_id = ? AND status = 'pending'",
      [crawlId],
    );
  }

  async add(crawlId: string, found: FoundUrl[]): Promise<FrontierPage[]> {
    const candidates = new Map<string, FoundUrl>();
    for (const url of found) {
      const id = pageIdOf(url.key);
      if (!candidates.has(id)) candidates.set(id, url);
    }
    const added: FrontierPage[] = [];
    for (const chunk of chunksOf([...candidates], LOOKUP_CHUNK)) {
      const { ids, full } = this.sql.isSqlite
        ? await this.addOnSqlite(crawlId, chunk)
        : await this.addOnPostgres(crawlId, chunk);
      for (const [id, url] of chunk)
        if (ids.has(id)) added.push({ id, url: url.url, depth: url.depth, status: 'pending' });
      if (full) break;
    }
    return added;
  }

  /** Records the URLs of `chunk` not recorded yet, while the budget lasts. */
  private async addOnPostgres(crawlId: string, chunk: [string, FoundUrl][]): Promise<ChunkAdded> {
    const ids = new Set<string>();
    let left = chunk;
    while (left.length > 0) {
      const [row] = await this.sql.rows<{
        room: string | number | null;
        tried: string;
        added: string[] | null;
      }>(ADD_ON_POSTGRES, [
        crawlId,
        left.map(([id]) => id),
        left.map(([, url]) => url.url),
        left.map(([, url]) => url.depth),
        crawlId,
        crawlId,
        crawlId,
      ]);
      const inserted = row?.added ?? [];
      for (const id of inserted) ids.add(id);
      if (Number(row?.room ?? 0) <= inserted.length) return { ids, full: true };
      if (Number(row?.tried ?? 0) === inserted.length) break;
      left = left.filter(([id]) => !ids.has(id));
    }
    return { ids, full: false };
  }

  /**
   * SQLite writes one statement at a time: each URL not seen takes one page of the budget, given
   * back when the URL turns out to be there already.
   */
  private async addOnSqlite(crawlId: string, chunk: [string, FoundUrl][]): Promise<ChunkAdded> {
    const seen = new Set(
      await this.seen(
        crawlId,
        chunk.map(([id]) => id),
      ),
    );
    const ids = new Set<string>();
    for (const [index, [id, url]] of chunk.entries()) {
      if (index > 0 && index % URLS_PER_TURN === 0) await nextTurn();
      if (seen.has(id)) continue;
      if ((await this.sql.execute(TAKE_BUDGET, [crawlId])).affected === 0) return { ids, full: true };
      try {
        await this.sql.execute(INSERT_PENDING, [crawlId, id, url.url, url.depth]);
        ids.add(id);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await this.sql.execute('UPDATE quarry_crawls SET discovered = discovered - 1 WHERE id = ?', [
          crawlId,
        ]);
      }
    }
    return { ids, full: false };
  }

  async alias(crawlId: string, key: string, pageUrl: string): Promise<boolean> {
    const pageId = pageIdOf(key);
    try {
      await this.sql.execute(
        "INSERT INTO quarry_crawl_pages (crawl_id, page_id, url, depth, status) VALUES (?, ?, ?, 0, 'alias')",
        [crawlId, pageId, pageUrl],
      );
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [held] = await this.sql.rows(
        'SELECT url, status FROM quarry_crawl_pages WHERE crawl_id = ? AND page_id = ?',
        [crawlId, pageId],
      );
      return held?.status === 'alias' && held.url === pageUrl;
    }
  }

  async claim(crawlId: string, pageId: string): Promise<boolean> {
    const { affected } = await this.sql.execute(
      `UPDATE quarry_crawl_pages SET status = 'fetching'
       WHERE crawl_id = ? AND page_id = ? AND status IN ('pending', 'fetching')
         AND EXISTS (SELECT 1 FROM quarry_crawls WHERE id = ? AND stop_reason IS NULL)`,
      [crawlId, pageId, crawlId],
    );
    return affected > 0;
  }

  async drop(crawlId: string, pageId: string): Promise<void> {
    await this.sql.execute(
      "UPDATE quarry_crawl_pages SET status = 'dropped' WHERE crawl_id = ? AND page_id = ? AND status IN ('pending', 'fetching')",
      [crawlId, pageId],
    );
  }

  async record(crawlId: string, pageId: string, outcome: PageOutcome): Promise<boolean> {
    const result =
      outcome.status === 'completed'
        ? JSON.stringify(outcome.result)
        : outcome.status === 'failed'
          ? JSON.stringify({ error: outcome.error, message: outcome.message })
          : null;
    const { affected } = this.sql.isSqlite
      ? await this.sql.execute(RECORD_ON_SQLITE, [outcome.status, result, crawlId, crawlId, pageId])
      : await this.sql.execute(RECORD_ON_POSTGRES, [crawlId, outcome.status, result, crawlId, pageId]);
    return affected > 0;
  }

  async recorded(crawlId: string, pageId: string): Promise<CrawlPage | undefined> {
    const [row] = await this.sql.rows(
      "SELECT url, status, result FROM quarry_crawl_pages WHERE crawl_id = ? AND page_id = ? AND status IN ('completed', 'failed')",
      [crawlId, pageId],
    );
    return row ? crawlPageOf(row) : undefined;
  }

  async counts(crawlId: string): Promise<FrontierCounts> {
    const rows = await this.sql.rows(
      'SELECT status, COUNT(*) AS n FROM quarry_crawl_pages WHERE crawl_id = ? GROUP BY status',
      [crawlId],
    );
    const counts = { ...EMPTY_COUNTS };
    for (const row of rows) counts[row.status as FrontierStatus] = Number(row.n);
    return counts;
  }

  async unsettled(crawlId: string): Promise<FrontierPage[]> {
    const rows = await this.sql.rows(
      "SELECT page_id, url, depth, status FROM quarry_crawl_pages WHERE crawl_id = ? AND status IN ('pending', 'fetching')",
      [crawlId],
    );
    return rows.map(frontierPageOf);
  }

  async results(crawlId: string, cursor: string | undefined, limit: number): Promise<ResultsPage> {
    const after = cursor ? decodeCursor(cursor) : 0;
    const rows = await this.sql.rows(
      `SELECT url, status, result, seq FROM quarry_crawl_pages
       WHERE crawl_id = ? AND seq > ? AND status IN ('completed', 'failed')
       ORDER BY seq LIMIT ?`,
      [crawlId, after, limit],
    );
    const last = rows.at(-1);
    return { pages: rows.map(crawlPageOf), cursor: encodeCursor(last ? Number(last.seq) : after) };
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.sql.execute(
      'DELETE FROM quarry_crawl_pages WHERE crawl_id IN (SELECT id FROM quarry_crawls WHERE expires_at <= ?)',
      [now.getTime()],
    );
    await this.sql.execute('DELETE FROM quarry_crawls WHERE expires_at <= ?', [now.getTime()]);
  }

  private async seen(crawlId: string, ids: string[]): Promise<string[]> {
    const rows = await this.sql.rows(
      `SELECT page_id FROM quarry_crawl_pages WHERE crawl_id = ? AND page_id IN (${ids.map(() => '?').join(', ')})`,
      [crawlId, ...ids],
    );
    return rows.map((row) => String(row.page_id));
  }
}

/** The id of a URL key within its crawl: its SHA-256, so keys of any length index alike. */
export function pageIdOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function crawlStateOf(row: Record<string, unknown>): CrawlState {
  return {
    pageLimit: Number(row.page_limit),
    pagePrice: Number(row.page_price),
    ...(row.stop_reason ? { stopReason: row.stop_reason as CrawlStopReason } : {}),
  };
}

function frontierPageOf(row: Record<string, unknown>): FrontierPage {
  return {
    id: String(row.page_id),
    url: String(row.url),
    depth: Number(row.depth),
    status: row.status as FrontierStatus,
  };
}

function crawlPageOf(row: Record<string, unknown>): CrawlPage {
  const stored = JSON.parse(String(row.result)) as ScrapeResult | { error: string; message: string };
  return row.status === 'completed'
    ? { status: 'completed', ...(stored as ScrapeResult) }
    : { status: 'failed', url: String(row.url), ...(stored as { error: string; message: string }) };
}

function encodeCursor(seq: number): string {
  return Buffer.from(String(seq)).toString('base64url');
}

/** A cursor that is not one of ours reads as the start. */
function decodeCursor(cursor: string): number {
  const seq = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  return Number.isSafeInteger(seq) && seq > 0 ? seq : 0;
}
