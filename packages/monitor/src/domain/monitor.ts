import { ScrapeTier } from '@quarry/scrape';
import type { Watch } from './watch';

export type MonitorStatus = 'active' | 'paused';
export type ChannelType = 'email' | 'webhook';
export type CheckOutcome = 'baseline' | 'unchanged' | 'changed' | 'error';
export const MAX_NAME_LENGTH = 200;

/** Where a monitor's notifications go: the account's email, or a webhook URL. */
export interface MonitorChannel {
  id: string;
  type: ChannelType;
  destination: string;
  enabled: boolean;
}

/** The Monitor of docs/api.md §6, as clients see it. */
export interface Monitor extends Watch {
  id: string;
  url: string;
  /** Given at creation, or else the page's title from the first check that read one. */
  name: string | null;
  status: MonitorStatus;
  intervalMinutes: number;
  lastCheckedAt: Date | null;
  lastChangedAt: Date | null;
  consecutiveFailures: number;
  createdAt: Date;
  updatedAt: Date;
  channels: MonitorChannel[];
}

/** A monitor with what only the service sees: owner, signing secret, schedule and last good content. */
export interface MonitorRecord extends Monitor {
  accountId: string;
  webhookSecret: string;
  nextCheckAt: Date;
  /** SHA-256 hex of the last good normalised Markdown; null before the baseline. */
  contentHash: string | null;
  contentMarkdown: string | null;
  contentTitle: string | null;
  /** Bumped by every recorded success, so concurrent checks of one monitor compare against the content they read. */
  contentVersion: number;
}

export interface MonitorCheck {
  id: string;
  monitorId: string;
  outcome: CheckOutcome;
  scrapeTier: ScrapeTier | null;
  durationMs: number;
  errorCode: string | null;
  errorMessage: string | null;
  checkedAt: Date;
}

/** What a successful check read: the watched text its hash was taken from. */
export interface MonitorSnapshot {
  checkId: string;
  checkedAt: Date;
  contentHash: string;
  title: string | null;
  /** The normalised watched text, ignored lines left out: what the check compared. */
  text: string;
}

export interface ChangeSummary {
  addedLines: string[];
  removedLines: string[];
  addedCount: number;
  removedCount: number;
  /**
   * The change as a unified diff: `@@ -start,count +start,count @@` hunk headers, 3 unchanged lines
   * of context, each line prefixed with ' ', '-' or '+'. Absent from events recorded before it existed.
   */
  unifiedDiff?: string;
}

export interface MonitorEvent {
  id: string;
  monitorId: string;
  summary: ChangeSummary;
  detectedAt: Date;
  previousTitle: string | null;
  currentTitle: string | null;
  previousHash: string;
  currentHash: string;
}

/** The client's view of a monitor record: never the secret or the stored content. */
export function monitorView(record: Monitor): Monitor {
  return {
    id: record.id,
    url: record.url,
    name: record.name,
    scope: record.scope,
    selector: record.selector,
    ignore: [...record.ignore],
    trigger: record.trigger,
    status: record.status,
    intervalMinutes: record.intervalMinutes,
    lastCheckedAt: record.lastCheckedAt,
    lastChangedAt: record.lastChangedAt,
    consecutiveFailures: record.consecutiveFailures,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    channels: record.channels.map((channel) => ({ ...channel })),
  };
}
