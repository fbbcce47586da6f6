import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** One movement of credits: negative for a charge, positive for a grant. */
@Entity({ name: 'quarry_credit_ledger' })
export class LedgerEntryEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** The API key that asked for the work charged; null for grants and work no key asked for. */
  @Column({ name: 'api_key_id', type: 'varchar', length: 36, nullable: true })
  apiKeyId!: string | null;

  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'varchar', length: 64 })
  operation!: string;

  @Column({ name: 'reference_id', type: 'varchar', length: 200 })
  referenceId!: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;
}
