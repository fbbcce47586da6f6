import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

@Entity({ name: 'quarry_monitor_events' })
export class MonitorEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'monitor_id', type: 'varchar', length: 36 })
  monitorId!: string;

  @Column({ name: 'check_id', type: 'varchar', length: 36 })
  checkId!: string;

  /** The ChangeSummary as JSON. */
  @Column({ type: 'text' })
  summary!: string;

  @Column({ name: 'previous_title', type: 'text', nullable: true })
  previousTitle!: string | null;

  @Column({ name: 'current_title', type: 'text', nullable: true })
  currentTitle!: string | null;

  @Column({ name: 'previous_hash', type: 'varchar', length: 64 })
  previousHash!: string;

  @Column({ name: 'current_hash', type: 'varchar', length: 64 })
  currentHash!: string;

  /** Unique per monitor, so `before` paging never skips an event. */
  @TimestampColumn({ name: 'detected_at' })
  detectedAt!: Date;
}
