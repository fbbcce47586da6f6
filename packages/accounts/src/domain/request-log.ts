import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, IdGenerator, type PricedWork } from '@quarry/core';
import { InjectQuarryDataSource, PreparedSql } from '@quarry/persistence';
import { ACCOUNTS_SETTINGS, type AccountsSettings } from '../accounts-settings';
import { SqliteGroupCommit } from '../infrastructure/sqlite/sqlite-group-commit';

/** How long rows are kept. */
export const REQUEST_LOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Rows buffered at most before they are written; a smaller batch waits `FLUSH_AFTER_MS` at most. */
const FLUSH_ROWS = 100;
const FLUSH_AFTER_MS = 1000;
/** Expired rows are deleted by the first flush after this much time since the last purge. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** The longest `url` kept. */
export const REQUEST_LOG_URL_LENGTH = 2048;

const COLUMNS =
  '(id, account_id, api_key_id, route, operation, url, status, credits, duration_ms, created_at)';
const ROW_PLACEHOLDERS = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** A request as it starts: who made it, where, what it asked for. */
export interface LoggedRequest {
  accountId: string;
  apiKeyId?: string;
  /** Method and path pattern, `POST /v1/scrape`. */
  route: string;
  /** The ledger operation the route charges as it runs, when it declares one. */
  operation?: string;
  url?: string;
}

interface OpenRequest extends LoggedRequest {
  createdAt: number;
}

/** The requests in progress of one key on routes charging one operation, and the charges made meanwhile. */
interface Charging {
  open: number;
  /** Prices charged and not yet claimed by a request that answered with success. */
  charges: number[];
}

/**
 * The request log: one row per API request made with a key, written after its response went out,
 * in batches (every `FLUSH_ROWS` rows or `FLUSH_AFTER_MS`), so recording never waits for the
 * database; rows older than 7 days are deleted hourly, by the flush that comes after the hour.
 * The credits of a row are a charge of the route's declared operation (`@MeteredRoute({ charges })`)
 * made under the request's key while it ran, claimed when it answers with success (such routes
 * charge only for a success, before answering); work charged later (jobs) shows in the usage only.
 * AccountsModule's `requestLog: false` records nothing.
 */
@Injectable()
export class RequestLog implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RequestLog.name);
  private readonly sql: PreparedSql;
  /** On SQLite, batches commit off the event loop. */
  private readonly sqliteWrites?: SqliteGroupCommit;
  private buffer: unknown[][] = [];
  private flushTimer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private lastPurge = 0;
  /** On routes that charge as they run: by key and operation. */
  private readonly charging = new Map<string, Charging>();

  constructor(
    @Inject(ACCOUNTS_SETTINGS) private readonly settings: AccountsSettings,
    @InjectQuarryDataSource() dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.sql = new PreparedSql(dataSource);
    if (settings.requestLog && this.sql.isSqlite) this.sqliteWrites = new SqliteGroupCommit(this.sql);
  }

  get enabled(): boolean {
    return this.settings.requestLog;
  }

  /** Starts following a request; call the returned function with the status once its response is out. */
  opened(request: LoggedRequest): (status: number) => void {
    const open: OpenRequest = { ...request, createdAt: this.clock.now().getTime() };
    const chargeKey = request.operation && request.apiKeyId && `${request.apiKeyId} ${request.operation}`;
    if (chargeKey) {
      const charging = this.charging.get(chargeKey);
      if (charging) charging.open += 1;
      else this.charging.set(chargeKey, { open: 1, charges: [] });
    }
    return (status) => {
      const credits = chargeKey ? this.claim(chargeKey, status >= 200 && status < 300) : 0;
      this.append(open, status, credits, this.clock.now().getTime() - open.createdAt);
    };
  }

  /** A charge made under a key, while requests of that key on routes charging its operation are in progress. */
  charged(work: PricedWork): void {
    if (work.apiKeyId) this.charging.get(`${work.apiKeyId} ${work.operation}`)?.charges.push(work.price);
  }

  /** Writes the buffered rows now; resolves once they and every earlier batch are written. */
  flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const rows = this.buffer;
    this.buffer = [];
    const now = this.clock.now().getTime();
    const purge = now - this.lastPurge >= PURGE_EVERY_MS;
    if (purge) this.lastPurge = now;
    const batch = this.writing.then(async () => {
      try {
        if (rows.length > 0) await this.write(insertOf(rows.length), rows.flat());
        if (purge) await this.purgeBefore(now - REQUEST_LOG_RETENTION_MS);
      } catch (error) {
        this.logger.error({ err: error }, `${rows.length} request log row(s) could not be written`);
      }
    });
    this.writing = batch;
    return batch;
  }

  /** Deletes rows created before `cutoff`. */
  async purgeBefore(cutoff: number): Promise<void> {
    await this.write('DELETE FROM quarry_request_log WHERE created_at < ?', [cutoff]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.enabled) return;
    await this.flush();
    await this.sqliteWrites?.close();
  }

  private append(open: OpenRequest, status: number, credits: number, durationMs: number): void {
    this.buffer.push([
      this.ids.uuid(),
      open.accountId,
      open.apiKeyId ?? null,
      open.route,
      open.operation ?? null,
      open.url ?? null,
      status,
      credits,
      durationMs,
      open.createdAt,
    ]);
    if (this.buffer.length >= FLUSH_ROWS) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** A request done: a success takes the oldest charge made meanwhile; the last one out clears what is left. */
  private claim(chargeKey: string, succeeded: boolean): number {
    const charging = this.charging.get(chargeKey);
    if (!charging) return 0;
    const credits = succeeded ? (charging.charges.shift() ?? 0) : 0;
    charging.open -= 1;
    if (charging.open === 0) this.charging.delete(chargeKey);
    return credits;
  }

  private async write(sql: string, params: unknown[]): Promise<void> {
    if (this.sqliteWrites) await this.sqliteWrites.run(sql, params);
    else await this.sql.run(sql, params);
  }
}

function insertOf(rows: number): string {
  return `INSERT INTO quarry_request_log ${COLUMNS} VALUES ${Array(rows).fill(ROW_PLACEHOLDERS).join(', ')}`;
}
