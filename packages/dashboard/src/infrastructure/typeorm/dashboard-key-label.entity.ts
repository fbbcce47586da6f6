import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What the dashboard shows of a key it created besides its prefix: a name and the last four characters. */
@Entity({ name: 'quarry_dashboard_key_labels' })
export class DashboardKeyLabelEntity {
  @PrimaryColumn({ name: 'key_id', type: 'varchar', length: 36 })
  keyId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'last_four', type: 'varchar', length: 4 })
  lastFour!: string;
}
