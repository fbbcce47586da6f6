import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** One distinct watched text of a monitor, kept while a retained check read it. */
@Entity({ name: 'quarry_monitor_snapshots' })
export class MonitorSnapshotEntity {
  @PrimaryColumn({ name: 'monitor_id', type: 'varchar', length: 36 })
  monitorId!: string;

  @PrimaryColumn({ name: 'content_hash', type: 'varchar', length: 64 })
  contentHash!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;
}
