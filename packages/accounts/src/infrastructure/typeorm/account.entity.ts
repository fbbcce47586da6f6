import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

@Entity({ name: 'quarry_accounts' })
export class AccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'integer' })
  credits!: number;

  /** The host app's id of the user this account belongs to (`AccountsService.ensureAccount`). */
  @Column({ name: 'external_id', type: 'varchar', length: 255, nullable: true })
  externalId!: string | null;

  /** Signs this account's callbacks (Standard Webhooks, `whsec_` + base64 of 32 random bytes). */
  @Column({ name: 'webhook_secret', type: 'varchar', length: 64 })
  webhookSecret!: string;

  /** The secret before the last rotation; callbacks carry both signatures until `previousWebhookSecretUntil`. */
  @Column({ name: 'previous_webhook_secret', type: 'varchar', length: 64, nullable: true })
  previousWebhookSecret!: string | null;

  @TimestampColumn({ name: 'previous_webhook_secret_until', nullable: true })
  previousWebhookSecretUntil!: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt!: Date;
}
