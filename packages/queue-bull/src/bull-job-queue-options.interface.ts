/** Options of the Bull engine (`BullQueueModule.forRoot`). Durations are milliseconds. */
export interface BullJobQueueOptions {
  /** Redis to keep the queues in, e.g. `redis://127.0.0.1:6379/0`. */
  redisUrl: string;
  /** Prefix of every Redis key, so several apps or test runs can share one Redis. @default 'quarry' */
  prefix?: string;
  /**
   * Whether this process runs handlers. `false` for `QUARRY_ROLE=api`: the process only enqueues
   * and reads job states, and processes that run workers on the same Redis do the work.
   * @default true
   */
  runWorkers?: boolean;
  /** How long completed and failed jobs are kept (Bull `removeOnComplete`/`removeOnFail` by age). @default 86400000 (24 h) */
  retentionMs?: number;
  /**
   * On shutdown, how long running handlers may take to finish. Jobs still running after it are
   * given back to their queue, without using up their attempt, for the next process to run.
   * @default 10000
   */
  shutdownGraceMs?: number;
  /** Bull `lockDuration`: how long a job stays locked to its worker without renewal (renewed every half of it). @default 30000 */
  lockDurationMs?: number;
  /** Bull `stalledInterval`: how often workers look for jobs whose worker died, to run them again. @default 30000 */
  stalledIntervalMs?: number;
  /** Bull `maxStalledCount`: times a job may be run again after its worker died before it fails. @default 1 */
  maxStalledCount?: number;
}

export type ResolvedBullJobQueueOptions = Required<BullJobQueueOptions>;

const BULL_JOB_QUEUE_DEFAULTS: Omit<ResolvedBullJobQueueOptions, 'redisUrl'> = {
  prefix: 'quarry',
  runWorkers: true,
  retentionMs: 24 * 60 * 60 * 1000,
  shutdownGraceMs: 10_000,
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
  maxStalledCount: 1,
};

/** Applies defaults and rejects invalid values, so a misconfiguration fails at boot. */
export function resolveBullJobQueueOptions(options: BullJobQueueOptions): ResolvedBullJobQueueOptions {
  const defined = Object.fromEntries(
    Object.entries(options ?? {}).filter(([, value]) => value !== undefined),
  );
  const resolved = { ...BULL_JOB_QUEUE_DEFAULTS, ...defined } as ResolvedBullJobQueueOptions;
  if (typeof resolved.redisUrl !== 'string' || !/^rediss?:\/\//.test(resolved.redisUrl)) {
    throw new TypeError('BullQueueModule option redisUrl must be a redis:// or rediss:// URL');
  }
  if (typeof resolved.prefix !== 'string' || resolved.prefix === '' || resolved.prefix.includes(':')) {
    throw new TypeError('BullQueueModule option prefix must be a non-empty string without ":"');
  }
  if (typeof resolved.runWorkers !== 'boolean') {
    throw new TypeError('BullQueueModule option runWorkers must be a boolean');
  }
  for (const key of ['retentionMs', 'lockDurationMs', 'stalledIntervalMs'] as const) {
    if (!Number.isFinite(resolved[key]) || resolved[key] <= 0) {
      throw new RangeError(`BullQueueModule option ${key} must be a number > 0, got ${resolved[key]}`);
    }
  }
  if (!Number.isFinite(resolved.shutdownGraceMs) || resolved.shutdownGraceMs < 0) {
    throw new RangeError(
      `BullQueueModule option shutdownGraceMs must be a number >= 0, got ${resolved.shutdownGraceMs}`,
    );
  }
  if (!Number.isInteger(resolved.maxStalledCount) || resolved.maxStalledCount < 0) {
    throw new RangeError(
      `BullQueueModule option maxStalledCount must be an integer >= 0, got ${resolved.maxStalledCount}`,
    );
  }
  return resolved;
}
