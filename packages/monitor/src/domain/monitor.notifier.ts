import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { deliveryQueueOptions, type DeliveryRetry } from '@quarry/net';
import { JobQueue } from '@quarry/queue';
import { MONITOR_NOTIFICATION_QUEUE, MonitorNotificationMessage } from '../jobs/monitor-job-queues';
import { MONITOR_SETTINGS, MonitorSettings } from '../monitor-options.interface';
import { MonitorStore, NotificationKind } from '../ports/monitor.store';
import { derivedUuid } from './check-schedule';
import { MonitorChannel, MonitorEvent, MonitorRecord, monitorView } from './monitor';
import { changeEmail, changeWebhookBody, pausedEmail, pausedWebhookBody } from './notification-messages';

export interface CheckFailure {
  code: string;
  message: string;
}

/**
 * Records one notification per enabled channel (the message as it will be sent) and queues its
 * delivery as its own job. Ids derive from the cause, so a check run again queues nothing twice.
 */
@Injectable()
export class MonitorNotifier {
  constructor(
    @Inject(MONITOR_SETTINGS) private readonly settings: MonitorSettings,
    private readonly store: MonitorStore,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
  ) {}

  async changed(monitor: MonitorRecord, event: MonitorEvent): Promise<void> {
    const view = monitorView(monitor);
    await this.notify(monitor, 'monitor.changed', event.id, `event:${event.id}`, (channel) =>
      channel.type === 'email' ? JSON.stringify(changeEmail(view, event)) : changeWebhookBody(view, event),
    );
  }

  async paused(
    monitor: MonitorRecord,
    failures: number,
    lastError: CheckFailure,
    checkId: string,
  ): Promise<void> {
    const view = monitorView(monitor);
    await this.notify(monitor, 'monitor.paused', null, `paused:${checkId}`, (channel) =>
      channel.type === 'email'
        ? JSON.stringify(pausedEmail(view, failures, lastError))
        : pausedWebhookBody(view, lastError),
    );
  }

  private async notify(
    monitor: MonitorRecord,
    kind: NotificationKind,
    eventId: string | null,
    cause: string,
    message: (channel: MonitorChannel) => string,
  ): Promise<void> {
    for (const channel of monitor.channels.filter((c) => c.enabled)) {
      const id = derivedUuid(`notification:${cause}:${channel.id}`);
      await this.store.addNotification({
        id,
        monitorId: monitor.id,
        channelId: channel.id,
        eventId,
        kind,
        channelType: channel.type,
        destination: channel.destination,
        message: message(channel),
        status: 'pending',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        createdAt: this.clock.now(),
      });
      const retry: DeliveryRetry =
        channel.type === 'webhook'
          ? { attempts: this.settings.webhookAttempts, backoffMs: this.settings.webhookBackoffMs }
          : { attempts: this.settings.emailAttempts, backoffMs: this.settings.emailBackoffMs };
      await this.queue.add<MonitorNotificationMessage>(
        MONITOR_NOTIFICATION_QUEUE,
        { notificationId: id },
        deliveryQueueOptions(`monitor-notification-${id}`, retry),
      );
    }
  }
}
