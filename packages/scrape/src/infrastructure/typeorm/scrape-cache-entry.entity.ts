import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

@Entity({ name: 'quarry_scrape_cache' })
export class ScrapeCacheEntryEntity {
  /** SHA-256 of the cache key: URLs can be longer than an index allows. */
  @PrimaryColumn({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash!: string;

  @Column({ type: 'text' })
  url!: string;

  /** The cached scrape as JSON. */
  @Column({ type: 'text' })
  value!: string;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt!: Date;
}
