import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** The password an account holder signs in to the dashboard with; one per account. */
@Entity({ name: 'quarry_dashboard_credentials' })
export class DashboardCredentialEntity {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  /** Lower-cased, unique: what the sign-in form looks the account up by. */
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  /** `scrypt$N$r$p$salt$hash`, salt and hash base64url. */
  @Column({ name: 'password_hash', type: 'varchar', length: 200 })
  passwordHash!: string;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt!: Date;
}
