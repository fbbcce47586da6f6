import { DataSource, In, LessThan, MoreThanOrEqual } from 'typeorm';
import { isForeignKeyViolation, isUniqueViolation } from '@quarry/persistence';
import { ScrapeTier } from '@quarry/scrape';
import { JitterSettings } from '../../domain/check-schedule';
import {
  ChangeSummary,
  ChannelType,
  CheckOutcome,
  MonitorChannel,
  MonitorCheck,
  MonitorEvent,
  MonitorRecord,
  MonitorSnapshot,
  MonitorStatus,
} from '../../domain/monitor';
import type { MonitorScope } from '../../domain/watch';
import {
  CheckSuccess,
  DueCheck,
  HistoryPage,
  MonitorChanges,
  MonitorNotification,
  MonitorStore,
  NewMonitor,
  NotificationDelivery,
  NotificationKind,
  NotificationStatus,
  SnapshotContent,
} from '../../ports/monitor.store';

import { MonitorChannelEntity } from './monitor-channel.entity';
import { MonitorCheckEntity } from './monitor-check.entity';
import { MonitorEventEntity } from './monitor-event.entity';
import { MonitorNotificationEntity } from './monitor-notification.entity';
import { MonitorSnapshotEntity } from './monitor-snapshot.entity';
import { MonitorEntity } from './monitor.entity';

/** Attempts to find a free millisecond for a check or event whose time another one of the monitor holds. */
const TIME_COLLISION_RETRIES = 50;

/** Monitors as rows of the app's database (SQLite or PostgreSQL). */
export class TypeormMonitorStore extends MonitorStore {
  private readonly postgres: boolean;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.postgres = dataSource.options.type === 'postgres';
  }

  private get monitors() {
    return this.dataSource.getRepository(MonitorEntity);
  }
  private get channelRows() {
    return this.dataSource.getRepository(MonitorChannelEntity);
  }
  private get checkRows() {
    return this.dataSource.getRepository(MonitorCheckEntity);
  }
  private get eventRows() {
    return this.dataSource.getRepository(MonitorEventEntity);
  }
  private get snapshotRows() {
    return this.dataSource.getRepository(MonitorSnapshotEntity);
  }
  private get notificationRows() {
    return this.dataSource.getRepository(MonitorNotificationEntity);
  }

  /** One statement with `?` placeholders; rows it returned and rows it changed. */
  private async execute(
    sql: string,
    parameters: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; affected: number }> {
    let index = 0;
    const text = this.postgres ? sql.replace(/\?/g, () => `$${++index}`) : sql;
    const runner = this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(text, parameters, true);
      const rows = (result.records ?? []) as Record<string, unknown>[];
      return { rows, affected: result.affected ?? rows.length };
    } finally {
      await runner.release();
    }
  }

  async create(monitor: NewMonitor, maxPerAccount: number): Promise<boolean> {
    const at = monitor.createdAt.getTime();
    // Insert and limit in one statement, so two creations cannot both take the last place on SQLite.
    const { affected } = await this.execute(
      `INSERT INTO quarry_monitors (id, account_id, url, name, scope, selector, ignore_patterns, trigger_text, status, interval_minutes, webhook_secret, consecutive_failures, next_check_at, content_version, created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, 'active', CAST(? AS integer), ?, 0, CAST(? AS bigint), 0, CAST(? AS bigint), CAST(? AS bigint)
       WHERE (SELECT COUNT(*) FROM quarry_monitors WHERE account_id = ?) < CAST(? AS integer)`,
      [
        monitor.id,
        monitor.accountId,
        monitor.url,
        monitor.name,
        monitor.scope,
        monitor.selector,
        ignoreColumn(monitor.ignore),
        monitor.trigger,
        monitor.intervalMinutes,
        monitor.webhookSecret,
        monitor.nextCheckAt.getTime(),
        at,
        at,
        monitor.accountId,
        maxPerAccount,
      ],
    );
    if (affected === 0) return false;
    if (monitor.channels.length > 0) {
      await this.channelRows.insert(
        monitor.channels.map((channel, position) => ({
          id: channel.id,
          monitorId: monitor.id,
          type: channel.type,
          destination: channel.destination,
          enabled: channel.enabled ? 1 : 0,
          position,
          createdAt: monitor.createdAt,
        })),
      );
    }
    return true;
  }

  async get(id: string): Promise<MonitorRecord | undefined> {
    const row = await this.monitors.findOneBy({ id });
    if (!row) return undefined;
    return this.toRecord(row, (await this.channelsOf([id])).get(id) ?? []);
  }

  async listForAccount(accountId: string): Promise<MonitorRecord[]> {
    const rows = await this.monitors.find({ where: { accountId }, order: { createdAt: 'DESC', id: 'DESC' } });
    const channels = await this.channelsOf(rows.map((row) => row.id));
    return rows.map((row) => this.toRecord(row, channels.get(row.id) ?? []));
  }

  async update(id: string, changes: MonitorChanges): Promise<void> {
    const { ignore, trigger, contentHash, ...columns } = changes;
    await this.monitors.update(
      { id },
      {
        ...columns,
        ...(ignore !== undefined ? { ignorePatterns: ignoreColumn(ignore) } : {}),
        ...(trigger !== undefined ? { triggerText: trigger } : {}),
        ...(contentHash === null ? { contentHash: null, contentMarkdown: null, contentTitle: null } : {}),
      },
    );
  }

  async replaceChannels(id: string, channels: MonitorChannel[], at: Date): Promise<void> {
    await this.channelRows.delete({ monitorId: id });
    if (channels.length > 0)
      await this.channelRows.insert(
        channels.map((channel, position) => ({
          id: channel.id,
          monitorId: id,
          type: channel.type,
          destination: channel.destination,
          enabled: channel.enabled ? 1 : 0,
          position,
          createdAt: at,
        })),
      );
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.monitors.delete({ id });
    return (result.affected ?? 0) > 0;
  }

  async claimDue(now: Date, limit: number, jitter: JitterSettings): Promise<DueCheck[]> {
    const at = now.getTime();
    // last_scheduled_at takes the old next_check_at (SET sees the row as it was), so RETURNING gives the due time on both databases.
    const { rows } = this.postgres
      ? await this.execute(
          `WITH due AS (
             SELECT id FROM quarry_monitors WHERE status = 'active' AND next_check_at <= ?::bigint
             ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED)
           UPDATE quarry_monitors m
           SET last_scheduled_at = m.next_check_at,
               next_check_at = ?::bigint + m.interval_minutes * 60000
                 + round((random() * 2 - 1) * LEAST(m.interval_minutes * 60000 * ?::float8, ?::float8))::bigint
           FROM due WHERE m.id = due.id
           RETURNING m.id AS id, m.last_scheduled_at AS due_at`,
          [at, limit, at, jitter.jitterRatio, jitter.maxJitterMs],
        )
      : await this.execute(
          `UPDATE quarry_monitors
           SET last_scheduled_at = next_check_at,
               next_check_at = ? + interval_minutes * 60000
                 + CAST(round(((abs(random()) % 2000001) / 1000000.0 - 1.0) * min(interval_minutes * 60000 * ?, ?)) AS INTEGER)
           WHERE id IN (SELECT id FROM quarry_monitors WHERE status = 'active' AND next_check_at <= ? ORDER BY next_check_at LIMIT ?)
           RETURNING id AS id, last_scheduled_at AS due_at`,
          [at, jitter.jitterRatio, jitter.maxJitterMs, at, limit],
        );
    return rows.map((row) => ({ monitorId: String(row.id), scheduledAt: new Date(Number(row.due_at)) }));
  }

  async recordSuccess(id: string, expectedVersion: number, success: CheckSuccess): Promise<boolean> {
    const result = await this.monitors.update(
      { id, contentVersion: expectedVersion },
      {
        contentHash: success.hash,
        contentMarkdown: success.markdown,
        contentTitle: success.title,
        contentVersion: () => 'content_version + 1',
        consecutiveFailures: 0,
        lastCheckedAt: success.checkedAt,
        ...(success.changed ? { lastChangedAt: success.checkedAt } : {}),
      },
    );
    return (result.affected ?? 0) > 0;
  }

  async recordFailure(id: string, checkedAt: Date): Promise<number | undefined> {
    const result = await this.monitors.update(
      { id },
      { consecutiveFailures: () => 'consecutive_failures + 1', lastCheckedAt: checkedAt },
    );
    if ((result.affected ?? 0) === 0) return undefined;
    return (await this.monitors.findOne({ where: { id }, select: { id: true, consecutiveFailures: true } }))
      ?.consecutiveFailures;
  }

  async pauseAfterFailures(id: string, threshold: number, at: Date): Promise<boolean> {
    const result = await this.monitors.update(
      { id, status: 'active', consecutiveFailures: MoreThanOrEqual(threshold) },
      { status: 'paused', updatedAt: at },
    );
    return (result.affected ?? 0) > 0;
  }

  async hasCheck(id: string): Promise<boolean> {
    return this.checkRows.existsBy({ id });
  }

  async addSnapshot(monitorId: string, content: SnapshotContent): Promise<void> {
    await this.snapshotRows
      .createQueryBuilder()
      .insert()
      .values({ monitorId, ...content })
      .orIgnore()
      .execute();
  }

  async addCheck(check: MonitorCheck, contentHash: string | null): Promise<MonitorCheck | undefined> {
    return this.insertTimed(
      check,
      'checkedAt',
      (entry) =>
        this.checkRows.insert({
          id: entry.id,
          monitorId: entry.monitorId,
          outcome: entry.outcome,
          scrapeTier: entry.scrapeTier,
          durationMs: entry.durationMs,
          errorCode: entry.errorCode,
          errorMessage: entry.errorMessage,
          contentHash,
          checkedAt: entry.checkedAt,
        }),
      (entryId) => this.checkRows.existsBy({ id: entryId }),
    );
  }

  async addEvent(event: MonitorEvent, checkId: string): Promise<MonitorEvent | undefined> {
    return this.insertTimed(
      event,
      'detectedAt',
      (entry) =>
        this.eventRows.insert({
          id: entry.id,
          monitorId: entry.monitorId,
          checkId,
          summary: JSON.stringify(entry.summary),
          previousTitle: entry.previousTitle,
          currentTitle: entry.currentTitle,
          previousHash: entry.previousHash,
          currentHash: entry.currentHash,
          detectedAt: entry.detectedAt,
        }),
      (entryId) => this.eventRows.existsBy({ id: entryId }),
    );
  }

  /** Inserts an entry whose time must be unique per monitor, moving it 1 ms on while another entry holds it. */
  private async insertTimed<T extends { id: string }, K extends keyof T>(
    entry: T,
    timeKey: K,
    insert: (entry: T) => Promise<unknown>,
    exists: (id: string) => Promise<boolean>,
  ): Promise<T | undefined> {
    let current = entry;
    for (let attempt = 0; attempt < TIME_COLLISION_RETRIES; attempt++) {
      try {
        await insert(current);
        return current;
      } catch (error) {
        if (isForeignKeyViolation(error)) return undefined;
        if (!isUniqueViolation(error)) throw error;
        if (await exists(current.id)) return undefined;
        current = { ...current, [timeKey]: new Date((current[timeKey] as Date).getTime() + 1) };
      }
    }
    throw new Error(`No free time for ${String(timeKey)} after ${TIME_COLLISION_RETRIES} attempts.`);
  }

  async checks(monitorId: string, page: HistoryPage): Promise<MonitorCheck[]> {
    const rows = await this.checkRows.find({
      where: { monitorId, ...(page.before ? { checkedAt: LessThan(page.before) } : {}) },
      order: { checkedAt: 'DESC' },
      take: page.limit,
    });
    return rows.map((row) => ({
      id: row.id,
      monitorId: row.monitorId,
      outcome: row.outcome as CheckOutcome,
      scrapeTier: row.scrapeTier as ScrapeTier | null,
      durationMs: row.durationMs,
      errorCode: row.errorCode,
      errorMessage: row.errorMessage,
      checkedAt: row.checkedAt,
    }));
  }

  async snapshot(monitorId: string, checkId: string): Promise<MonitorSnapshot | undefined> {
    const check = await this.checkRows.findOneBy({ id: checkId, monitorId });
    if (!check?.contentHash) return undefined;
    const row = await this.snapshotRows.findOneBy({ monitorId, contentHash: check.contentHash });
    if (!row) return undefined;
    return {
      checkId,
      checkedAt: check.checkedAt,
      contentHash: row.contentHash,
      title: row.title,
      text: row.text,
    };
  }

  async events(monitorId: string, page: HistoryPage): Promise<MonitorEvent[]> {
    const rows = await this.eventRows.find({
      where: { monitorId, ...(page.before ? { detectedAt: LessThan(page.before) } : {}) },
      order: { detectedAt: 'DESC' },
      take: page.limit,
    });
    return rows.map((row) => ({
      id: row.id,
      monitorId: row.monitorId,
      summary: JSON.parse(row.summary) as ChangeSummary,
      detectedAt: row.detectedAt,
      previousTitle: row.previousTitle,
      currentTitle: row.currentTitle,
      previousHash: row.previousHash,
      currentHash: row.currentHash,
    }));
  }

  async prune(monitorId: string, keepChecks: number, keepEvents: number): Promise<void> {
    // Times are unique per monitor, so "older than the keep-th newest" keeps exactly that many.
    await this.execute(
      `DELETE FROM quarry_monitor_checks WHERE monitor_id = ? AND checked_at <
         (SELECT checked_at FROM quarry_monitor_checks WHERE monitor_id = ? ORDER BY checked_at DESC LIMIT 1 OFFSET ?)`,
      [monitorId, monitorId, keepChecks - 1],
    );
    await this.execute(
      `DELETE FROM quarry_monitor_snapshots WHERE monitor_id = ?
         AND content_hash NOT IN (SELECT content_hash FROM quarry_monitor_checks WHERE monitor_id = ? AND content_hash IS NOT NULL)
         AND content_hash <> COALESCE((SELECT content_hash FROM quarry_monitors WHERE id = ?), '')`,
      [monitorId, monitorId, monitorId],
    );
    await this.execute(
      `DELETE FROM quarry_monitor_events WHERE monitor_id = ? AND detected_at <
         (SELECT detected_at FROM quarry_monitor_events WHERE monitor_id = ? ORDER BY detected_at DESC LIMIT 1 OFFSET ?)`,
      [monitorId, monitorId, keepEvents - 1],
    );
    await this.execute(
      `DELETE FROM quarry_monitor_notifications WHERE monitor_id = ? AND id NOT IN
         (SELECT id FROM quarry_monitor_notifications WHERE monitor_id = ? ORDER BY created_at DESC LIMIT ?)`,
      [monitorId, monitorId, keepEvents],
    );
  }

  async addNotification(notification: MonitorNotification): Promise<boolean> {
    try {
      await this.notificationRows.insert({
        ...notification,
        updatedAt: notification.createdAt,
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error) || isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  async notification(id: string): Promise<MonitorNotification | undefined> {
    const row = await this.notificationRows.findOneBy({ id });
    return row ? toNotification(row) : undefined;
  }

  async notifications(monitorId: string): Promise<MonitorNotification[]> {
    const rows = await this.notificationRows.find({ where: { monitorId }, order: { createdAt: 'DESC' } });
    return rows.map(toNotification);
  }

  async countDeliveryAttempt(id: string, at: Date): Promise<void> {
    await this.notificationRows
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1', updatedAt: at })
      .where('id = :id', { id })
      .execute();
  }

  async recordDelivery(id: string, delivery: NotificationDelivery, at: Date): Promise<void> {
    await this.notificationRows.update(
      { id },
      {
        status: delivery.status,
        lastStatusCode: delivery.lastStatusCode ?? null,
        lastError: delivery.lastError ?? null,
        updatedAt: at,
      },
    );
  }

  private async channelsOf(monitorIds: string[]): Promise<Map<string, MonitorChannel[]>> {
    const byMonitor = new Map<string, MonitorChannel[]>();
    if (monitorIds.length === 0) return byMonitor;
    const rows = await this.channelRows.find({
      where: { monitorId: In(monitorIds) },
      order: { position: 'ASC' },
    });
    for (const row of rows) {
      const list = byMonitor.get(row.monitorId) ?? [];
      list.push({
        id: row.id,
        type: row.type as ChannelType,
        destination: row.destination,
        enabled: row.enabled === 1,
      });
      byMonitor.set(row.monitorId, list);
    }
    return byMonitor;
  }

  private toRecord(row: MonitorEntity, channels: MonitorChannel[]): MonitorRecord {
    return {
      id: row.id,
      accountId: row.accountId,
      url: row.url,
      name: row.name,
      scope: row.scope as MonitorScope,
      selector: row.selector,
      ignore: row.ignorePatterns ? (JSON.parse(row.ignorePatterns) as string[]) : [],
      trigger: row.triggerText,
      status: row.status as MonitorStatus,
      intervalMinutes: row.intervalMinutes,
      lastCheckedAt: row.lastCheckedAt,
      lastChangedAt: row.lastChangedAt,
      consecutiveFailures: row.consecutiveFailures,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      channels,
      webhookSecret: row.webhookSecret,
      nextCheckAt: row.nextCheckAt,
      contentHash: row.contentHash,
      contentMarkdown: row.contentMarkdown,
      contentTitle: row.contentTitle,
      contentVersion: row.contentVersion,
    };
  }
}

/** Patterns as the column keeps them: a JSON array, null for none. */
function ignoreColumn(patterns: string[]): string | null {
  return patterns.length ? JSON.stringify(patterns) : null;
}

function toNotification(row: MonitorNotificationEntity): MonitorNotification {
  return {
    id: row.id,
    monitorId: row.monitorId,
    channelId: row.channelId,
    eventId: row.eventId,
    kind: row.kind as NotificationKind,
    channelType: row.channelType as ChannelType,
    destination: row.destination,
    message: row.message,
    status: row.status as NotificationStatus,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt,
  };
}
