import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What one API key of an account spent on one operation in one UTC day, kept by a ledger trigger
 * in the statement that writes each charge made with a key (charges without one are only in
 * `quarry_credit_usage`).
 */
@Entity({ name: 'quarry_credit_key_usage' })
export class CreditKeyUsageEntity {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** Days since 1970-01-01 UTC. */
  @PrimaryColumn({ type: 'integer' })
  day!: number;

  @PrimaryColumn({ name: 'api_key_id', type: 'varchar', length: 36 })
  apiKeyId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  operation!: string;

  /** Charges (successful results) counted. */
  @Column({ type: 'integer' })
  charges!: number;

  @Column({ type: 'integer' })
  credits!: number;
}
