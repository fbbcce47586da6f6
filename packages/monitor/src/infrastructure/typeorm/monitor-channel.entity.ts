import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

@Entity({ name: 'quarry_monitor_channels' })
export class MonitorChannelEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'monitor_id', type: 'varchar', length: 36 })
  monitorId!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: string;

  @Column({ type: 'text' })
  destination!: string;

  @Column({ type: 'integer' })
  enabled!: number;

  /** Orders a monitor's channels. */
  @Column({ type: 'integer' })
  position!: number;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;
}
