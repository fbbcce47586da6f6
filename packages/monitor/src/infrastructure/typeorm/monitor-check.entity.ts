import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

@Entity({ name: 'quarry_monitor_checks' })
export class MonitorCheckEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'monitor_id', type: 'varchar', length: 36 })
  monitorId!: string;

  @Column({ type: 'varchar', length: 16 })
  outcome!: string;

  @Column({ name: 'scrape_tier', type: 'varchar', length: 16, nullable: true })
  scrapeTier!: string | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  @Column({ name: 'error_code', type: 'varchar', length: 64, nullable: true })
  errorCode!: string | null;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage!: string | null;

  /** The hash of what a successful check read (its snapshot's key); null for an error check. */
  @Column({ name: 'content_hash', type: 'varchar', length: 64, nullable: true })
  contentHash!: string | null;

  /** Unique per monitor, so `before` paging never skips a check. */
  @TimestampColumn({ name: 'checked_at' })
  checkedAt!: Date;
}
