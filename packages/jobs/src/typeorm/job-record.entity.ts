import { Column, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';
import { CallbackDeliveryColumns } from './callback-delivery.columns';

/**
 * The columns of a job table. A feature's table is an entity that extends this one and names
 * itself: `@Entity({ name: 'quarry_x_jobs' }) export class XJobEntity extends JobRecordEntity {}`;
 * its migration creates these columns (see the package README).
 */
export abstract class JobRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** Added to each job table by a migration of its own (`jobRecordApiKeyColumn`). */
  @Column({ name: 'api_key_id', type: 'varchar', length: 36, nullable: true })
  apiKeyId!: string | null;

  /** The request, as JSON. */
  @Column({ type: 'text' })
  request!: string;

  @Column({ name: 'callback_url', type: 'text', nullable: true })
  callbackUrl!: string | null;

  @Column({ name: 'callback_token', type: 'varchar', length: 256, nullable: true })
  callbackToken!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'integer' })
  progress!: number;

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
