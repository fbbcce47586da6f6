import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

@Entity({ name: 'quarry_video_transcripts' })
export class VideoTranscriptEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  platform!: string;

  @PrimaryColumn({ name: 'platform_id', type: 'varchar', length: 128 })
  platformId!: string;

  /** The requested language in lower case; empty for the platform's choice. */
  @PrimaryColumn({ type: 'varchar', length: 35 })
  language!: string;

  /** `captions` or `generated`. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  source!: string;

  /** The result without its per-job fields, as JSON. */
  @Column({ type: 'text' })
  value!: string;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt!: Date;
}
