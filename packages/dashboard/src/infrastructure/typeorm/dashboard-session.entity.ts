import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
@Entity({ name: 'quarry_dashboard_sessions' })
export class DashboardSessionEntity {
  /** SHA-256 hex of the cookie's token. */
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** Put in every form of this session and compared on every post. */
  @Column({ name: 'csrf_token', type: 'varchar', length: 64 })
  csrfToken!: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt!: Date;

  @TimestampColumn({ name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;

  /** A one-time message for the next page, encrypted with a key derived from the cookie's token. */
  @Column({ type: 'text', nullable: true })
  flash!: string | null;

  @TimestampColumn({ name: 'flash_expires_at', nullable: true })
  flashExpiresAt!: Date | null;
}
