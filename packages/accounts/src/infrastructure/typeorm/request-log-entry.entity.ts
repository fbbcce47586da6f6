import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** One API request made with a key, as `RequestLog` records it after the response. */
@Entity({ name: 'quarry_request_log' })
export class RequestLogEntryEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 36 })
  accountId!: string;

  @Column({ name: 'api_key_id', type: 'varchar', length: 36, nullable: true })
  apiKeyId!: string | null;

  /** Method and path pattern, `POST /v1/scrape`. */
  @Column({ type: 'varchar', length: 200 })
  route!: string;

  /** The ledger operation the route charges as it runs, when it declares one. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  operation!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  url!: string | null;

  @Column({ type: 'integer' })
  status!: number;

  @Column({ type: 'integer' })
  credits!: number;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;
}
