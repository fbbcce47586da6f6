import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

@Entity({ name: 'quarry_monitors' })
export class MonitorEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 16 })
  scope!: string;

  @Column({ type: 'text', nullable: true })
  selector!: string | null;

  /** The `ignore` patterns as a JSON array; null for none. */
  @Column({ name: 'ignore_patterns', type: 'text', nullable: true })
  ignorePatterns!: string | null;

  @Column({ name: 'trigger_text', type: 'text', nullable: true })
  triggerText!: string | null;

  @Column({ name: 'interval_minutes', type: 'integer' })
  intervalMinutes!: number;

  @Column({ name: 'webhook_secret', type: 'varchar', length: 512 })
  webhookSecret!: string;

  @Column({ name: 'consecutive_failures', type: 'integer' })
  consecutiveFailures!: number;

  @TimestampColumn({ name: 'last_checked_at', nullable: true })
  lastCheckedAt!: Date | null;

  @TimestampColumn({ name: 'last_changed_at', nullable: true })
  lastChangedAt!: Date | null;

  @TimestampColumn({ name: 'next_check_at' })
  nextCheckAt!: Date;

  /** The `next_check_at` of the last claim: the scheduled time of the check it queued. */
  @TimestampColumn({ name: 'last_scheduled_at', nullable: true })
  lastScheduledAt!: Date | null;

  @Column({ name: 'content_hash', type: 'varchar', length: 64, nullable: true })
  contentHash!: string | null;

  @Column({ name: 'content_markdown', type: 'text', nullable: true })
  contentMarkdown!: string | null;

  @Column({ name: 'content_title', type: 'text', nullable: true })
  contentTitle!: string | null;

  @Column({ name: 'content_version', type: 'integer' })
  contentVersion!: number;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt!: Date;
}
