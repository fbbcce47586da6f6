import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { JobBackoff, JobState, JobStatus } from '@quarry/queue';
import type { ResolvedJobOptions } from '@quarry/queue';

/** A job this process holds a lease on. */
export interface ClaimedJob {
  rowId: string;
  jobId: string;
  queue: string;
  data: unknown;
  attemptsMade: number;
  maxAttempts: number;
  backoff?: JobBackoff;
  /** Identifies this claim; every later write checks it so a lost lease cannot overwrite another worker's. */
  leaseToken: string;
}

type Row = Record<string, unknown>;

const STALLED_REASON = 'job stalled more than allowable limit';

/**
 * The SQL of the in-process engine. Every state change is one statement, so it is atomic on
 * SQLite and PostgreSQL alike, and every write to an active job is guarded by its lease token.
 */
export class JobStore {
  private readonly postgres: boolean;

  constructor(private readonly dataSource: DataSource) {
    const type = dataSource.options.type;
    if (type !== 'postgres' && type !== 'better-sqlite3') {
      throw new Error(`The in-process job queue supports PostgreSQL and SQLite, not "${type}"`);
    }
    this.postgres = type === 'postgres';
  }

  /** Adds a job unless the queue already holds one with the same job id. */
  async insert(queue: string, data: object, options: ResolvedJobOptions, now: number): Promise<string> {
    const rowId = randomUUID();
    const jobId = options.jobId ?? rowId;
    await this.run(
      `INSERT INTO quarry_jobs (id, queue, job_id, data, state, attempts_made, max_attempts, backoff, run_at, stalled_count, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'waiting', 0, ?, ?, ?, 0, ?, ?)
       ON CONFLICT (queue, job_id) DO NOTHING`,
      [
        rowId,
        queue,
        jobId,
        JSON.stringify(data),
        options.attempts,
        options.backoff ? JSON.stringify(options.backoff) : null,
        now + options.delay,
        now,
        now,
      ],
    );
    return jobId;
  }

  async find(queue: string, jobId: string): Promise<JobStatus | undefined> {
    const { records } = await this.run(
      'SELECT job_id, state, attempts_made, failed_reason FROM quarry_jobs WHERE queue = ? AND job_id = ?',
      [queue, jobId],
    );
    const row = records[0];
    if (!row) return undefined;
    const status: JobStatus = {
      id: String(row.job_id),
      state: row.state as JobState,
      attemptsMade: Number(row.attempts_made),
    };
    if (row.failed_reason !== null && row.failed_reason !== undefined) {
      status.failedReason = String(row.failed_reason);
    }
    return status;
  }

  /**
   * Leases the next due job of `queue`: a waiting job whose time has come, or an active one whose
   * lease ran out because its worker vanished (that one counts as stalled).
   */
  async claim(
    queue: string,
    now: number,
    leaseMs: number,
    maxStalledCount: number,
  ): Promise<ClaimedJob | undefined> {
    const token = randomUUID();
    // Each kind of due job is read off the claim index in order, so a claim costs the same however
    // many jobs wait; the earlier of the two is taken.
    const lock = this.postgres ? ' FOR UPDATE SKIP LOCKED' : '';
    const { records } = await this.run(
      `WITH due_waiting AS (
         SELECT id, run_at, created_at FROM quarry_jobs
         WHERE queue = ? AND state = 'waiting' AND run_at <= ?
         ORDER BY run_at, created_at LIMIT 1${lock}
       ), due_stalled AS (
         SELECT id, run_at, created_at FROM quarry_jobs
         WHERE queue = ? AND state = 'active' AND lease_until < ? AND stalled_count < ?
         ORDER BY run_at, created_at LIMIT 1${lock}
       )
       UPDATE quarry_jobs
       SET state = 'active', lease_owner = ?, lease_until = ?, updated_at = ?,
           stalled_count = stalled_count + CASE WHEN state = 'active' THEN 1 ELSE 0 END
       WHERE id = (
         SELECT id FROM (SELECT * FROM due_waiting UNION ALL SELECT * FROM due_stalled) due
         ORDER BY run_at, created_at LIMIT 1
       )
       RETURNING id, job_id, queue, data, attempts_made, max_attempts, backoff`,
      [queue, now, queue, now, maxStalledCount, token, now + leaseMs, now],
    );
    const row = records[0];
    if (!row) return undefined;
    return {
      rowId: String(row.id),
      jobId: String(row.job_id),
      queue: String(row.queue),
      data: JSON.parse(String(row.data)),
      attemptsMade: Number(row.attempts_made),
      maxAttempts: Number(row.max_attempts),
      backoff: row.backoff ? (JSON.parse(String(row.backoff)) as JobBackoff) : undefined,
      leaseToken: token,
    };
  }

  /** Extends a lease; false when this claim no longer holds the job. */
  async renewLease(job: ClaimedJob, now: number, leaseMs: number): Promise<boolean> {
    return this.update(
      `UPDATE quarry_jobs SET lease_until = ?, updated_at = ? WHERE id = ? AND lease_owner = ? AND state = 'active'`,
      [now + leaseMs, now, job.rowId, job.leaseToken],
    );
  }

  async complete(job: ClaimedJob, now: number): Promise<boolean> {
    return this.update(
      `UPDATE quarry_jobs
       SET state = 'completed', attempts_made = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?
       WHERE id = ? AND lease_owner = ?`,
      [job.attemptsMade + 1, now, job.rowId, job.leaseToken],
    );
  }

  async retry(job: ClaimedJob, reason: string, runAt: number, now: number): Promise<boolean> {
    return this.update(
      `UPDATE quarry_jobs
       SET state = 'waiting', attempts_made = ?, failed_reason = ?, run_at = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?
       WHERE id = ? AND lease_owner = ?`,
      [job.attemptsMade + 1, reason, runAt, now, job.rowId, job.leaseToken],
    );
  }

  async fail(job: ClaimedJob, reason: string, now: number): Promise<boolean> {
    return this.update(
      `UPDATE quarry_jobs
       SET state = 'failed', attempts_made = ?, failed_reason = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?
       WHERE id = ? AND lease_owner = ?`,
      [job.attemptsMade + 1, reason, now, job.rowId, job.leaseToken],
    );
  }

  /** Puts a job its handler deferred back in the queue until `runAt`, without using up its attempt. */
  async defer(job: ClaimedJob, runAt: number, now: number): Promise<boolean> {
    return this.update(
      `UPDATE quarry_jobs SET state = 'waiting', run_at = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?
       WHERE id = ? AND lease_owner = ?`,
      [runAt, now, job.rowId, job.leaseToken],
    );
  }

  /** Gives an unfinished job back to the queue without using up its attempt. */
  async release(job: ClaimedJob, now: number): Promise<boolean> {
    return this.update(
      `UPDATE quarry_jobs SET state = 'waiting', lease_owner = NULL, lease_until = NULL, updated_at = ?
       WHERE id = ? AND lease_owner = ?`,
      [now, job.rowId, job.leaseToken],
    );
  }

  /** Deletes completed and failed jobs that finished before `before`. */
  async purgeFinished(before: number): Promise<number> {
    const { affected } = await this.run(
      `DELETE FROM quarry_jobs WHERE state IN ('completed', 'failed') AND updated_at < ?`,
      [before],
    );
    return affected;
  }

  /** Fails active jobs whose lease ran out once more after they were reclaimed `maxStalledCount` times. */
  async failStalled(now: number, maxStalledCount: number): Promise<number> {
    const { affected } = await this.run(
      `UPDATE quarry_jobs
       SET state = 'failed', failed_reason = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?
       WHERE state = 'active' AND lease_until < ? AND stalled_count >= ?`,
      [STALLED_REASON, now, now, maxStalledCount],
    );
    return affected;
  }

  async ping(): Promise<void> {
    await this.run('SELECT 1', []);
  }

  private async update(sql: string, parameters: unknown[]): Promise<boolean> {
    const { affected } = await this.run(sql, parameters);
    return affected > 0;
  }

  private async run(sql: string, parameters: unknown[]): Promise<{ records: Row[]; affected: number }> {
    let index = 0;
    const text = this.postgres ? sql.replace(/\?/g, () => `$${++index}`) : sql;
    const runner = this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(text, parameters, true);
      return { records: (result.records ?? []) as Row[], affected: result.affected ?? 0 };
    } finally {
      await runner.release();
    }
  }
}
