import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** A piece of a job's audio already transcribed, kept for the job's next attempt. */
@Entity({ name: 'quarry_video_transcribed_pieces' })
export class VideoTranscribedPieceEntity {
  @PrimaryColumn({ name: 'job_id', type: 'varchar', length: 36 })
  jobId!: string;

  /** `<startMs>-<endMs>`, or `<startMs>-end` for the piece that runs to the end. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  piece!: string;

  /** The piece's transcript as JSON. */
  @Column({ type: 'text' })
  transcript!: string;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt!: Date;
}
