import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What an account spent on one operation in one UTC day, kept by a ledger trigger in the statement
 * that writes each charge, so reading a month of usage costs at most 30 rows per operation however
 * many charges the month held.
 */
@Entity({ name: 'quarry_credit_usage' })
export class CreditUsageEntity {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** Days since 1970-01-01 UTC. */
  @PrimaryColumn({ type: 'integer' })
  day!: number;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  operation!: string;

  /** Charges (successful results) counted. */
  @Column({ type: 'integer' })
  charges!: number;

  @Column({ type: 'integer' })
  credits!: number;
}
