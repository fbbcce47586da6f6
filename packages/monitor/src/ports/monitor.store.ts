import { JitterSettings } from '../domain/check-schedule';
import type { Watch } from '../domain/watch';
import {
  ChannelType,
  MonitorChannel,
  MonitorCheck,
  MonitorEvent,
  MonitorRecord,
  MonitorSnapshot,
  MonitorStatus,
} from '../domain/monitor';

export interface NewMonitor extends Watch {
  id: string;
  accountId: string;
  url: string;
  name: string | null;
  intervalMinutes: number;
  webhookSecret: string;
  nextCheckAt: Date;
  createdAt: Date;
  channels: MonitorChannel[];
}

export interface MonitorChanges extends Partial<Watch> {
  name?: string | null;
  status?: MonitorStatus;
  intervalMinutes?: number;
  nextCheckAt?: Date;
  consecutiveFailures?: number;
  webhookSecret?: string;
  /** Null forgets the last good content, so the next check is a new baseline. */
  contentHash?: null;
  updatedAt: Date;
}

/** A claimed monitor: its check that was due at `scheduledAt`. */
export interface DueCheck {
  monitorId: string;
  scheduledAt: Date;
}

export interface CheckSuccess {
  hash: string;
  markdown: string;
  title: string | null;
  checkedAt: Date;
  /** The content differs from what the check read (a change, not a baseline): sets `lastChangedAt`. */
  changed: boolean;
}

export interface SnapshotContent {
  contentHash: string;
  text: string;
  title: string | null;
  createdAt: Date;
}

export interface HistoryPage {
  limit: number;
  /** Only entries strictly older than this. */
  before?: Date;
}

export type NotificationKind = 'monitor.changed' | 'monitor.paused';
export type NotificationStatus = 'pending' | 'delivered' | 'failed' | 'recorded';

/** One message to one channel, kept with its delivery state. */
export interface MonitorNotification {
  id: string;
  monitorId: string;
  channelId: string;
  eventId: string | null;
  kind: NotificationKind;
  channelType: ChannelType;
  destination: string;
  /** JSON: `{ subject, text, html }` for an email, the request body for a webhook. */
  message: string;
  status: NotificationStatus;
  /** Sends started: after a crash it may count one the receiver never got, never fewer than it got. */
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
}

/** How the last send ended; attempts are counted separately, before each send. */
export interface NotificationDelivery {
  status: NotificationStatus;
  lastStatusCode?: number;
  lastError?: string;
}

/**
 * Monitors, their channels, checks, events and notifications. Every write is one atomic statement
 * (SQLite shares one connection, so no transactions); children go with their monitor.
 */
export abstract class MonitorStore {
  /** Inserts the monitor unless its account already has `maxPerAccount`; false then. */
  abstract create(monitor: NewMonitor, maxPerAccount: number): Promise<boolean>;
  abstract get(id: string): Promise<MonitorRecord | undefined>;
  /** The account's monitors, newest first. */
  abstract listForAccount(accountId: string): Promise<MonitorRecord[]>;
  abstract update(id: string, changes: MonitorChanges): Promise<void>;
  /** Replaces the monitor's channels. */
  abstract replaceChannels(id: string, channels: MonitorChannel[], at: Date): Promise<void>;
  /** False when there was no such monitor. */
  abstract delete(id: string): Promise<boolean>;
  /**
   * Atomically moves up to `limit` active monitors due at `now` to their next (jittered) time and
   * returns them with the time they were due: a monitor is claimed by one caller only.
   */
  abstract claimDue(now: Date, limit: number, jitter: JitterSettings): Promise<DueCheck[]>;
  /** Stores a successful check's content if the monitor is still at `expectedVersion`; false when another check got there first or it is gone. */
  abstract recordSuccess(id: string, expectedVersion: number, success: CheckSuccess): Promise<boolean>;
  /** Counts a failed check; the new number of consecutive failures, undefined when the monitor is gone. */
  abstract recordFailure(id: string, checkedAt: Date): Promise<number | undefined>;
  /** Pauses an active monitor with at least `threshold` consecutive failures; true for the one call that paused it. */
  abstract pauseAfterFailures(id: string, threshold: number, at: Date): Promise<boolean>;
  abstract hasCheck(id: string): Promise<boolean>;
  /** Keeps a watched text of the monitor once per content hash (a second call for the same hash changes nothing). */
  abstract addSnapshot(monitorId: string, content: SnapshotContent): Promise<void>;
  /**
   * Adds a check, 1 ms later than asked if another check of the monitor has that time, with the
   * hash of its snapshot (null for an error check); undefined when the monitor is gone.
   */
  abstract addCheck(check: MonitorCheck, contentHash: string | null): Promise<MonitorCheck | undefined>;
  /** What the check read; undefined for an error check, one pruned, or one of another monitor. */
  abstract snapshot(monitorId: string, checkId: string): Promise<MonitorSnapshot | undefined>;
  /** Adds an event (timed like `addCheck`); undefined when the monitor is gone. */
  abstract addEvent(event: MonitorEvent, checkId: string): Promise<MonitorEvent | undefined>;
  abstract checks(monitorId: string, page: HistoryPage): Promise<MonitorCheck[]>;
  abstract events(monitorId: string, page: HistoryPage): Promise<MonitorEvent[]>;
  /** Keeps the newest `keepChecks` checks (and the snapshots they or the monitor's content read) and `keepEvents` events and notifications of the monitor. */
  abstract prune(monitorId: string, keepChecks: number, keepEvents: number): Promise<void>;
  /** False when it already exists (a check run again) or the monitor is gone. */
  abstract addNotification(notification: MonitorNotification): Promise<boolean>;
  abstract notification(id: string): Promise<MonitorNotification | undefined>;
  /** The monitor's notifications, newest first. */
  abstract notifications(monitorId: string): Promise<MonitorNotification[]>;
  /** Counts one more send; called before the send, so a crash mid-send is still counted. */
  abstract countDeliveryAttempt(id: string, at: Date): Promise<void>;
  abstract recordDelivery(id: string, delivery: NotificationDelivery, at: Date): Promise<void>;
}
