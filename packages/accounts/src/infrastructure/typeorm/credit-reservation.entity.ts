import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** Credits held back from the balance while paid work runs; a charge with the same key consumes it. */
@Entity({ name: 'quarry_credit_reservations' })
export class CreditReservationEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** Positive: the credits held. */
  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'varchar', length: 64 })
  operation!: string;

  @Column({ name: 'reference_id', type: 'varchar', length: 200 })
  referenceId!: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;

  /** After this the hold is given back (work whose process died never charges or releases it). */
  @TimestampColumn({ name: 'expires_at' })
  expiresAt!: Date;
}
