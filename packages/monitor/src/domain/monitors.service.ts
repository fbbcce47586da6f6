import { Inject, Injectable } from '@nestjs/common';
import { Clock, IdGenerator, InvalidRequestError, NotFoundError, QuarryError } from '@quarry/core';
import { JobQueue } from '@quarry/queue';
import { AccountsService } from '@quarry/accounts';
import { asInvalidRequest, generateWebhookSecret, NetError, PublicUrlPolicy } from '@quarry/net';
import { MONITOR_CHECK_QUEUE, MonitorCheckMessage } from '../jobs/monitor-job-queues';
import {
  MAX_INTERVAL_MINUTES,
  MIN_INTERVAL_MINUTES,
  MONITOR_SETTINGS,
  MonitorSettings,
} from '../monitor-options.interface';
import { HistoryPage, MonitorStore } from '../ports/monitor.store';
import { checkJobId, nextCheckAt } from './check-schedule';
import {
  MAX_NAME_LENGTH,
  Monitor,
  MonitorChannel,
  MonitorCheck,
  MonitorEvent,
  MonitorRecord,
  MonitorSnapshot,
  MonitorStatus,
  monitorView,
} from './monitor';
import { assertWatch, MonitorScope, Watch } from './watch';

/** What of the page a monitor watches; every field optional, with today's behaviour as the default. */
export interface WatchRequest {
  /** @default 'content' */
  scope?: MonitorScope;
  selector?: string | null;
  ignore?: string[];
  trigger?: string | null;
}

export interface CreateMonitorRequest extends WatchRequest {
  url: string;
  /** @default the page's title, from the first check that reads one */
  name?: string;
  intervalMinutes?: number;
  notifications?: {
    /** @default true */
    email?: boolean;
    webhook?: { url: string; secret?: string };
  };
}

export interface UpdateMonitorRequest extends WatchRequest {
  status?: MonitorStatus;
  intervalMinutes?: number;
  name?: string;
  notifications?: {
    email?: boolean;
    /** A new webhook URL (the monitor's secret stays), or null to stop posting. */
    webhook?: { url: string } | null;
  };
}

export interface CreatedMonitor {
  monitor: Monitor;
  /** The monitor's signing secret (also read with `webhookSecret`). */
  webhookSecret: string;
}

/** Creating one monitor more than `maxMonitorsPerAccount` allows. */
export class MonitorLimitError extends QuarryError {
  constructor(limit: number) {
    super(
      'monitor_limit_reached',
      `This account already has ${limit} monitors, the most it may have; delete one first.`,
      409,
      { limit },
    );
  }
}

export const MIN_SECRET_LENGTH = 16;
export const MAX_SECRET_LENGTH = 256;

/** The monitors of an account: create, read, pause and resume, delete, run now, and their history. */
@Injectable()
export class MonitorsService {
  constructor(
    @Inject(MONITOR_SETTINGS) private readonly settings: MonitorSettings,
    private readonly store: MonitorStore,
    private readonly queue: JobQueue,
    private readonly policy: PublicUrlPolicy,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** 400 for a URL that is not public or a secret Standard Webhooks cannot use, 402 below one check's price, 409 over the limit. */
  async create(accountId: string, request: CreateMonitorRequest): Promise<CreatedMonitor> {
    const intervalMinutes = request.intervalMinutes ?? this.settings.defaultIntervalMinutes;
    assertInterval(intervalMinutes);
    if (request.name !== undefined) assertName(request.name);
    const watch: Watch = {
      scope: request.scope ?? (request.selector ? 'selector' : 'content'),
      selector: request.selector ?? null,
      ignore: request.ignore ?? [],
      trigger: request.trigger || null,
    };
    assertWatch(watch);
    await this.assertPublicPage(request.url);
    const webhook = request.notifications?.webhook;
    if (webhook) {
      await this.policy.checkDestination(webhook.url).catch((error: unknown) => {
        throw asInvalidRequest(error, 'notifications.webhook.url');
      });
    }
    if (webhook?.secret !== undefined) assertSecret(webhook.secret);
    await this.settings.billing.requireBalance(accountId, this.settings.price);

    const account = await this.accounts.get(accountId);
    const now = this.clock.now();
    const channels: MonitorChannel[] = [
      {
        id: this.ids.uuid(),
        type: 'email',
        destination: account.email,
        enabled: request.notifications?.email ?? true,
      },
    ];
    if (webhook)
      channels.push({ id: this.ids.uuid(), type: 'webhook', destination: webhook.url, enabled: true });
    const webhookSecret = webhook?.secret ?? generateWebhookSecret();
    const id = this.ids.uuid();
    const created = await this.store.create(
      {
        id,
        accountId,
        url: request.url,
        name: request.name?.trim() || null,
        ...watch,
        intervalMinutes,
        webhookSecret,
        nextCheckAt: nextCheckAt(now, intervalMinutes, this.settings),
        createdAt: now,
        channels,
      },
      this.settings.maxMonitorsPerAccount,
    );
    if (!created) throw new MonitorLimitError(this.settings.maxMonitorsPerAccount);
    await this.queueCheck(id, now.getTime());
    return { monitor: monitorView(await this.owned(accountId, id)), webhookSecret };
  }

  /** The account's monitors, newest first. */
  async list(accountId: string): Promise<Monitor[]> {
    return (await this.store.listForAccount(accountId)).map(monitorView);
  }

  async get(accountId: string, id: string): Promise<Monitor> {
    return monitorView(await this.owned(accountId, id));
  }

  /**
   * Pausing stops scheduled checks; resuming resets the failure count and checks now. A new scope,
   * selector or ignore list starts from a new baseline, so the first check after it notifies nothing.
   */
  async update(accountId: string, id: string, changes: UpdateMonitorRequest): Promise<Monitor> {
    const monitor = await this.owned(accountId, id);
    if (changes.intervalMinutes !== undefined) assertInterval(changes.intervalMinutes);
    if (changes.name !== undefined) assertName(changes.name);
    const scope = changes.scope ?? (changes.selector ? 'selector' : monitor.scope);
    const watch: Watch = {
      scope,
      selector:
        changes.selector !== undefined ? changes.selector : scope === 'selector' ? monitor.selector : null,
      ignore: changes.ignore ?? monitor.ignore,
      trigger: changes.trigger !== undefined ? changes.trigger || null : monitor.trigger,
    };
    assertWatch(watch);
    const webhook = changes.notifications?.webhook;
    if (webhook) {
      await this.policy.checkDestination(webhook.url).catch((error: unknown) => {
        throw asInvalidRequest(error, 'notifications.webhook.url');
      });
    }
    const now = this.clock.now();
    const rebased =
      watch.scope !== monitor.scope ||
      watch.selector !== monitor.selector ||
      JSON.stringify(watch.ignore) !== JSON.stringify(monitor.ignore);
    if (changes.notifications)
      await this.store.replaceChannels(id, this.channels(monitor, changes.notifications), now);
    const intervalMinutes = changes.intervalMinutes ?? monitor.intervalMinutes;
    const resuming = changes.status === 'active' && monitor.status === 'paused';
    const status = changes.status ?? monitor.status;
    const rescheduled =
      resuming ||
      (changes.intervalMinutes !== undefined && changes.intervalMinutes !== monitor.intervalMinutes);
    await this.store.update(id, {
      status,
      intervalMinutes,
      ...watch,
      ...(changes.name !== undefined ? { name: changes.name.trim() || null } : {}),
      ...(rebased ? { contentHash: null } : {}),
      ...(rescheduled ? { nextCheckAt: nextCheckAt(now, intervalMinutes, this.settings) } : {}),
      ...(resuming ? { consecutiveFailures: 0 } : {}),
      updatedAt: now,
    });
    if (resuming) await this.queueCheck(id, now.getTime());
    return monitorView(await this.owned(accountId, id));
  }

  /** The secret the monitor's webhook notifications are signed with. */
  async webhookSecret(accountId: string, id: string): Promise<string> {
    return (await this.owned(accountId, id)).webhookSecret;
  }

  /** A new signing secret, used from the next notification on; the old one stops signing at once. */
  async rotateWebhookSecret(accountId: string, id: string): Promise<string> {
    await this.owned(accountId, id);
    const webhookSecret = generateWebhookSecret();
    await this.store.update(id, { webhookSecret, updatedAt: this.clock.now() });
    return webhookSecret;
  }

  /** Deletes the monitor with its channels, checks, events and notifications. */
  async remove(accountId: string, id: string): Promise<void> {
    await this.owned(accountId, id);
    await this.store.delete(id);
  }

  /** Queues a check now; 404 for a paused monitor too. */
  async runNow(accountId: string, id: string): Promise<void> {
    const monitor = await this.owned(accountId, id);
    if (monitor.status !== 'active') throw new NotFoundError('No such active monitor.');
    await this.queueCheck(id, this.clock.now().getTime());
  }

  /** What a successful check read; 404 for an error check, one no longer kept, or another monitor's. */
  async snapshot(accountId: string, id: string, checkId: string): Promise<MonitorSnapshot> {
    await this.owned(accountId, id);
    const snapshot = await this.store.snapshot(id, checkId);
    if (!snapshot) throw new NotFoundError('No snapshot of this check: it failed, or it is no longer kept.');
    return snapshot;
  }

  async checks(accountId: string, id: string, page: HistoryPage): Promise<MonitorCheck[]> {
    await this.owned(accountId, id);
    return this.store.checks(id, page);
  }

  async events(accountId: string, id: string, page: HistoryPage): Promise<MonitorEvent[]> {
    await this.owned(accountId, id);
    return this.store.events(id, page);
  }

  /** Queues the check of `monitorId` due at `scheduledAt`; the job id makes a second queueing a no-op. */
  queueCheck(monitorId: string, scheduledAt: number): Promise<unknown> {
    return this.queue.add<MonitorCheckMessage>(
      MONITOR_CHECK_QUEUE,
      { monitorId, scheduledAt },
      {
        jobId: checkJobId(monitorId, scheduledAt),
        attempts: 3,
        backoff: { type: 'exponential', delay: 5000, jitter: true },
      },
    );
  }

  /** The monitor's channels with `notifications` applied: the email one toggled, the webhook replaced or removed. */
  private channels(
    monitor: MonitorRecord,
    notifications: NonNullable<UpdateMonitorRequest['notifications']>,
  ) {
    const email = monitor.channels.find((channel) => channel.type === 'email')!;
    const webhook = monitor.channels.find((channel) => channel.type === 'webhook');
    const channels: MonitorChannel[] = [{ ...email, enabled: notifications.email ?? email.enabled }];
    if (notifications.webhook === undefined) {
      if (webhook) channels.push(webhook);
    } else if (notifications.webhook !== null) {
      channels.push({
        id: webhook?.destination === notifications.webhook.url ? webhook.id : this.ids.uuid(),
        type: 'webhook',
        destination: notifications.webhook.url,
        enabled: true,
      });
    }
    return channels;
  }

  /** The monitor, for its owner only: anyone else gets the same 404 as for an unknown id. */
  private async owned(accountId: string, id: string): Promise<MonitorRecord> {
    const monitor = await this.store.get(id);
    if (!monitor || monitor.accountId !== accountId) throw new NotFoundError('No such monitor.');
    return monitor;
  }

  /** The baseline check fetches the page at once, so a host that does not resolve is refused too. */
  private async assertPublicPage(url: string): Promise<void> {
    await this.policy.check(url).catch((error: unknown) => {
      if (error instanceof NetError && error.code === 'HOST_NOT_FOUND') {
        throw new InvalidRequestError('The url cannot be reached.', { url: error.message });
      }
      throw asInvalidRequest(error, 'url');
    });
  }
}

function assertInterval(minutes: number): void {
  if (!Number.isInteger(minutes) || minutes < MIN_INTERVAL_MINUTES || minutes > MAX_INTERVAL_MINUTES) {
    throw new InvalidRequestError('The interval is out of range.', {
      intervalMinutes: `must be an integer from ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES}`,
    });
  }
}

function assertName(name: string): void {
  if (name.length > MAX_NAME_LENGTH) {
    throw new InvalidRequestError('The name is too long.', {
      name: `must be at most ${MAX_NAME_LENGTH} characters`,
    });
  }
}

function assertSecret(secret: string): void {
  const field = 'notifications.webhook.secret';
  if (secret.length < MIN_SECRET_LENGTH || secret.length > MAX_SECRET_LENGTH) {
    throw new InvalidRequestError('The webhook secret has the wrong length.', {
      [field]: `must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters`,
    });
  }
}
