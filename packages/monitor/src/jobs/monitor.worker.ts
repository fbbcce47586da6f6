import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { JobContext, JobQueue } from '@quarry/queue';
import { type CallbackDeliveryRecord, deliverCallback, WebhookSender } from '@quarry/net';
import { MonitorCheckRunner } from '../domain/monitor-check.runner';
import { EmailContent } from '../domain/notification-messages';
import { MONITOR_SETTINGS, MonitorSettings } from '../monitor-options.interface';
import { MailTransport } from '../ports/mail.transport';
import { MonitorStore, NotificationStatus } from '../ports/monitor.store';
import {
  MONITOR_CHECK_QUEUE,
  MONITOR_NOTIFICATION_QUEUE,
  MonitorCheckMessage,
  MonitorNotificationMessage,
} from './monitor-job-queues';

/**
 * Runs queued checks and delivers their notifications, each notification as its own job: a
 * webhook sent by the same delivery step as every job's callback (signed, counted before each
 * send, retried on the same errors), an email retried on SMTP failures. Both handlers are safe to
 * run again.
 */
@Injectable()
export class MonitorWorker implements OnModuleInit {
  constructor(
    @Inject(MONITOR_SETTINGS) private readonly settings: MonitorSettings,
    private readonly queue: JobQueue,
    private readonly runner: MonitorCheckRunner,
    private readonly store: MonitorStore,
    private readonly sender: WebhookSender,
    private readonly mail: MailTransport,
    private readonly clock: Clock,
  ) {}

  /** A webhook notification's delivery state, kept as a job's callback keeps its own. */
  private readonly webhookDeliveries: CallbackDeliveryRecord = {
    countDeliveryAttempt: (id) => this.store.countDeliveryAttempt(id, this.clock.now()),
    recordDelivery: (id, outcome) => this.store.recordDelivery(id, outcome, this.clock.now()),
  };

  onModuleInit(): void {
    this.queue.process<MonitorCheckMessage>(
      MONITOR_CHECK_QUEUE,
      ({ data }) => this.runner.run(data.monitorId, data.scheduledAt).then(() => undefined),
      {
        concurrency: this.settings.checkConcurrency,
      },
    );
    this.queue.process<MonitorNotificationMessage>(MONITOR_NOTIFICATION_QUEUE, (job) => this.deliver(job), {
      concurrency: 8,
    });
  }

  private async deliver({
    data: { notificationId },
    attempt,
    maxAttempts,
  }: JobContext<MonitorNotificationMessage>): Promise<void> {
    const notification = await this.store.notification(notificationId);
    if (!notification || notification.status !== 'pending') return;
    if (notification.channelType === 'email') {
      const email = JSON.parse(notification.message) as EmailContent;
      await this.store.countDeliveryAttempt(notificationId, this.clock.now());
      try {
        const sent = await this.mail.send({
          from: this.settings.emailFrom,
          to: notification.destination,
          ...email,
        });
        await this.store.recordDelivery(
          notificationId,
          { status: sent === 'sent' ? 'delivered' : 'recorded' },
          this.clock.now(),
        );
      } catch (error) {
        const status: NotificationStatus = attempt >= maxAttempts ? 'failed' : 'pending';
        await this.store.recordDelivery(
          notificationId,
          { status, lastError: error instanceof Error ? error.message : String(error) },
          this.clock.now(),
        );
        throw error;
      }
      return;
    }
    const monitor = await this.store.get(notification.monitorId);
    if (!monitor) return;
    await deliverCallback(this.sender, this.webhookDeliveries, {
      id: notificationId,
      url: notification.destination,
      body: notification.message,
      secrets: [monitor.webhookSecret],
      attempt,
      maxAttempts,
    });
  }
}
