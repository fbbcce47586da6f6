import { DataSource } from 'typeorm';
import { InvalidRequestError } from '@quarry/core';
import { PreparedSql } from '@quarry/persistence';
import { REQUEST_LOG_RETENTION_MS } from './request-log';

/** One API request as its account holder sees it in the request log. */
export interface RequestLogEntry {
  id: string;
  createdAt: Date;
  apiKeyId: string | null;
  /** Method and path pattern, `POST /v1/scrape`. */
  route: string;
  /** The ledger operation the route charges as it runs, when it declares one. */
  operation: string | null;
  url: string | null;
  status: number;
  credits: number;
  durationMs: number;
}

export interface RequestLogFilter {
  /** The page's rows come before this cursor (the `next` of the page before). */
  before?: string;
  apiKeyId?: string;
  /** 2 for 2xx, 4 for 4xx, ... */
  statusClass?: number;
  limit: number;
  /** Rows older than the retention are hidden even before they are purged. */
  now: Date;
}

export interface RequestLogPage {
  entries: RequestLogEntry[];
  /** The cursor of the next (older) page, when there is one. */
  next?: string;
}

interface RequestLogRow {
  id: string;
  created_at: number | string;
  api_key_id: string | null;
  route: string;
  operation: string | null;
  url: string | null;
  status: number;
  credits: number;
  duration_ms: number;
}

/** A cursor is `<created_at>.<id>` of the last row shown. */
const CURSOR = /^(\d{1,15})\.([0-9a-f-]{36})$/;

/** One page of an account's request log, newest first; throws `InvalidRequestError` for a cursor it did not make. */
export async function requestLogPage(
  dataSource: DataSource,
  accountId: string,
  filter: RequestLogFilter,
): Promise<RequestLogPage> {
  const conditions = ['account_id = ?', 'created_at >= ?'];
  const params: unknown[] = [accountId, filter.now.getTime() - REQUEST_LOG_RETENTION_MS];
  if (filter.before !== undefined) {
    const cursor = CURSOR.exec(filter.before);
    if (!cursor) throw new InvalidRequestError('before is not a cursor of the request log.');
    conditions.push('(created_at < ? OR (created_at = ? AND id < ?))');
    params.push(Number(cursor[1]), Number(cursor[1]), cursor[2]);
  }
  if (filter.apiKeyId !== undefined) {
    conditions.push('api_key_id = ?');
    params.push(filter.apiKeyId);
  }
  if (filter.statusClass !== undefined) {
    conditions.push('status >= ? AND status < ?');
    params.push(filter.statusClass * 100, filter.statusClass * 100 + 100);
  }
  const rows = await new PreparedSql(dataSource).rows<RequestLogRow>(
    'SELECT id, created_at, api_key_id, route, operation, url, status, credits, duration_ms ' +
      `FROM quarry_request_log WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ?`,
    [...params, filter.limit + 1],
  );
  const entries = rows.slice(0, filter.limit).map((row) => ({
    id: row.id,
    createdAt: new Date(Number(row.created_at)),
    apiKeyId: row.api_key_id,
    route: row.route,
    operation: row.operation,
    url: row.url,
    status: Number(row.status),
    credits: Number(row.credits),
    durationMs: Number(row.duration_ms),
  }));
  const last = entries.at(-1);
  return rows.length > filter.limit && last
    ? { entries, next: `${last.createdAt.getTime()}.${last.id}` }
    : { entries };
}
