import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';
import type { JobState } from '@quarry/queue';

/** One job of the in-process engine. `id` is the row's own id, `jobId` the id callers see. */
@Entity({ name: 'quarry_jobs' })
@Index('quarry_jobs_queue_job_id_unique', ['queue', 'jobId'], { unique: true })
@Index('quarry_jobs_claim_idx', ['queue', 'state', 'runAt', 'createdAt'])
@Index('quarry_jobs_purge_idx', ['state', 'updatedAt'])
export class JobRecord {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'queue', type: 'varchar', length: 200 })
  queue!: string;

  @Column({ name: 'job_id', type: 'varchar', length: 200 })
  jobId!: string;

  /** The job's data as JSON. */
  @Column({ name: 'data', type: 'text' })
  data!: string;

  @Column({ name: 'state', type: 'varchar', length: 16 })
  state!: JobState;

  @Column({ name: 'attempts_made', type: 'integer', default: 0 })
  attemptsMade!: number;

  @Column({ name: 'max_attempts', type: 'integer' })
  maxAttempts!: number;

  /** The `JobBackoff` as JSON. */
  @Column({ name: 'backoff', type: 'text', nullable: true })
  backoff!: string | null;

  /** When a waiting job becomes due. */
  @TimestampColumn({ name: 'run_at' })
  runAt!: Date;

  /** Token of the claim that holds an active job. */
  @Column({ name: 'lease_owner', type: 'varchar', length: 64, nullable: true })
  leaseOwner!: string | null;

  @TimestampColumn({ name: 'lease_until', nullable: true })
  leaseUntil!: Date | null;

  /** Times the job was reclaimed after its lease ran out. */
  @Column({ name: 'stalled_count', type: 'integer', default: 0 })
  stalledCount!: number;

  @Column({ name: 'failed_reason', type: 'text', nullable: true })
  failedReason!: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt!: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt!: Date;
}
