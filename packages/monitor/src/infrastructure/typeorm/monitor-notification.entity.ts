import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** One message to one channel: what was (or will be) sent, and how delivery went. */
@Entity({ name: 'quarry_monitor_notifications' })
export class MonitorNotificationEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'monitor_id', type: 'varchar', length: 36 })
  monitorId!: string;

  @Column({ name: 'channel_id', type: 'varchar', length: 36 })
  channelId!: string;

  @Column({ name: 'event_id', type: 'varchar', length: 36, nullable: true })
  eventId!: string | null;

  /** `monitor.changed` or `monitor.paused`. */
  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ name: 'channel_type', type: 'varchar', length: 16 })
  channelType!: string;

  @Column({ type: 'text' })
  destination!: string;

  /** The email (`{ subject, text, html }`) or the webhook body, as JSON. */
  @Column({ type: 'text' })
  message!: string;

  /** `pending`, `delivered`, `failed`, or `recorded` (an email kept here because no SMTP server is configured). */
  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt!: Date;
}
