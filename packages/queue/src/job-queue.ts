/** How a failed job waits before its next attempt. */
export interface JobBackoff {
  type: 'exponential' | 'fixed';
  /** Base delay in milliseconds: `delay * 2^(attempt-1)` for exponential. */
  delay: number;
  /** Spread each delay randomly over [delay/2, delay] so retries do not arrive in lockstep. */
  jitter?: boolean;
}

export interface JobOptions {
  /** Idempotency key: adding a job whose id already exists in the queue is a no-op. */
  jobId?: string;
  /** Total attempts including the first; default 1. */
  attempts?: number;
  backoff?: JobBackoff;
  /** Milliseconds to wait before the first attempt. */
  delay?: number;
}

export interface JobContext<T> {
  id: string;
  queue: string;
  data: T;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

export interface ProcessOptions {
  /** Jobs of this queue run at once in this process; default 1. */
  concurrency?: number;
}

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

/** A job's state as the engine knows it; `undefined` from `getState` once purged or never added. */
export interface JobStatus {
  id: string;
  state: JobState;
  /** Attempts that ran to an end, failed or completed; an attempt interrupted by a crash or a shutdown is not counted. */
  attemptsMade: number;
  /** The error message of the last failed attempt. */
  failedReason?: string;
}

/**
 * The job queue port. Engines: `@quarry/queue-db` (job rows in the app's database)
 * and Bull on Redis in `@quarry/queue-bull`. Handlers must be idempotent: a job interrupted by a
 * crash runs again.
 */
export abstract class JobQueue {
  /** `data` is an object or an array, stored as JSON (`undefined` stands for `{}`). */
  abstract add<T>(queue: string, data: T, options?: JobOptions): Promise<{ id: string }>;
  /** Registers the handler of a queue, once per queue; it only runs in processes whose role includes work. */
  abstract process<T>(queue: string, handler: JobHandler<T>, options?: ProcessOptions): void;
  abstract getState(queue: string, jobId: string): Promise<JobStatus | undefined>;
  /** Throws when the engine's backing store cannot be reached. */
  abstract ping(): Promise<void>;
}

/** Thrown by a handler to fail the job at once, without the remaining attempts. */
export class UnrecoverableJobError extends Error {
  override name = 'UnrecoverableJobError';
}

/**
 * Thrown by a handler to retry after a specific delay (e.g. an HTTP `Retry-After`) instead of the backoff.
 * It still uses up an attempt: on the last one the job fails.
 */
export class RetryJobError extends Error {
  override name = 'RetryJobError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/**
 * Thrown by a handler that will not run the job now (say, its account already has its share of the
 * workers): the job goes back to its queue for `delayMs` without using up an attempt, and the
 * worker takes other jobs meanwhile.
 */
export class DeferJobError extends Error {
  override name = 'DeferJobError';
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/** Delay before attempt `nextAttempt` (2 for the first retry) under `backoff`. */
export function backoffDelay(
  backoff: JobBackoff | undefined,
  nextAttempt: number,
  random = Math.random,
): number {
  if (!backoff) return 0;
  const base = backoff.type === 'fixed' ? backoff.delay : backoff.delay * 2 ** Math.max(0, nextAttempt - 2);
  return Math.round(backoff.jitter ? base / 2 + (random() * base) / 2 : base);
}
