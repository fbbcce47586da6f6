import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CallbackDeliveryColumns, TimestampColumn } from '@quarry/core';

@Entity({ name: 'quarry_scrape_jobs' })
export class ScrapeJobEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** The scrape fields of the request, as JSON. */
  @Column({ type: 'text' })
  request!: string;

  @Column({ name: 'callback_url', type: 'text' })
  callbackUrl!: string;

  @Column({ name: 'callback_token', type: 'varchar', length: 256, nullable: true })
  callbackToken!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ type: 'text', nullable: true })
  result!: string | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column(() => CallbackDeliveryColumns, { prefix: false })
  delivery!: CallbackDeliveryColumns;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt!: Date;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt!: Date;
}
