import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

@Entity({ name: 'quarry_api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** The first characters of the key, shown to people so they can tell keys apart. */
  @Column({ type: 'varchar', length: 32 })
  prefix!: string;

  /** SHA-256 of the whole key, hex; the key itself is never stored. */
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash!: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;

  @TimestampColumn({ name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;

  /** The last request the key authenticated, to the minute (written at most once a minute). */
  @TimestampColumn({ name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;
}
