import {
  backoffDelay,
  DeferJobError,
  JobBackoff,
  JobOptions,
  RetryJobError,
  UnrecoverableJobError,
} from './job-queue';

/** `JobOptions` with defaults applied, as both engines store them. */
export interface ResolvedJobOptions {
  jobId?: string;
  attempts: number;
  delay: number;
  backoff?: JobBackoff;
}

/** Applies the defaults of `JobOptions` and rejects values no engine can honour. */
export function resolveJobOptions(options: JobOptions = {}): ResolvedJobOptions {
  const attempts = options.attempts ?? 1;
  const delay = options.delay ?? 0;
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new RangeError(`Job attempts must be an integer >= 1, got ${attempts}`);
  }
  if (!Number.isFinite(delay) || delay < 0) {
    throw new RangeError(`Job delay must be a number of milliseconds >= 0, got ${delay}`);
  }
  if (options.jobId !== undefined && (options.jobId === '' || options.jobId.length > 200)) {
    throw new RangeError('Job id must be 1 to 200 characters');
  }
  if (options.backoff && (!Number.isFinite(options.backoff.delay) || options.backoff.delay < 0)) {
    throw new RangeError(
      `Job backoff delay must be a number of milliseconds >= 0, got ${options.backoff.delay}`,
    );
  }
  return { jobId: options.jobId, attempts, delay, backoff: options.backoff };
}

/**
 * Job data as both engines store it: an object or an array, kept as JSON; `undefined` becomes
 * `{}`. Bull would silently turn other falsy values into `{}`, so they are rejected everywhere.
 */
export function normalizeJobData(data: unknown): object {
  if (data === undefined) return {};
  if (data === null || typeof data !== 'object') {
    throw new TypeError(
      `Job data must be an object or an array, got ${data === null ? 'null' : typeof data}`,
    );
  }
  return data;
}

export function isUnrecoverableJobError(error: unknown): boolean {
  // The name check also recognises errors from a second copy of this package in node_modules.
  return (
    error instanceof UnrecoverableJobError ||
    (error instanceof Error && error.name === 'UnrecoverableJobError')
  );
}

/** The delay a `DeferJobError` asks for (the job runs later, its attempt not used), else `undefined`. */
export function deferDelayMs(error: unknown): number | undefined {
  // The name check also recognises errors from a second copy of this package in node_modules.
  const deferred =
    error instanceof DeferJobError ||
    (error instanceof Error &&
      error.name === 'DeferJobError' &&
      typeof (error as DeferJobError).delayMs === 'number');
  return deferred ? Math.max(0, Math.round((error as DeferJobError).delayMs)) : undefined;
}

function retryAfterMs(error: unknown): number | undefined {
  if (error instanceof RetryJobError) return error.retryAfterMs;
  if (
    error instanceof Error &&
    error.name === 'RetryJobError' &&
    typeof (error as RetryJobError).retryAfterMs === 'number'
  ) {
    return (error as RetryJobError).retryAfterMs;
  }
  return undefined;
}

/**
 * The delay before the next attempt after attempt number `attemptsMade` failed with `error`, or
 * `undefined` when the job fails for good: the error is unrecoverable or no attempts are left.
 */
export function retryDelayAfter(
  error: unknown,
  backoff: JobBackoff | undefined,
  attemptsMade: number,
  maxAttempts: number,
  random = Math.random,
): number | undefined {
  if (isUnrecoverableJobError(error) || attemptsMade >= maxAttempts) return undefined;
  const requested = retryAfterMs(error);
  if (requested !== undefined) return Math.max(0, Math.round(requested));
  return backoffDelay(backoff, attemptsMade + 1, random);
}

/** The failure reason stored with a job. */
export function jobErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
