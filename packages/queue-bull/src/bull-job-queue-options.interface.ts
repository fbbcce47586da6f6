import {
  booleanOption,
  integerOption,
  ModuleOptionsError,
  type OptionRules,
  resolveOptions,
  stringOption,
} from '@quarry/core';

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

/** How each BullQueueModule option is checked at boot. */
const BULL_JOB_QUEUE_OPTION_RULES: OptionRules<BullJobQueueOptions> = {
  redisUrl: stringOption(/^rediss?:\/\//, 'a redis:// or rediss:// URL'),
  prefix: stringOption(/^[^:]+$/, 'a non-empty string without ":"'),
  runWorkers: booleanOption,
  retentionMs: integerOption(1),
  shutdownGraceMs: integerOption(0),
  lockDurationMs: integerOption(1),
  stalledIntervalMs: integerOption(1),
  maxStalledCount: integerOption(0),
};

/** Applies defaults and rejects unknown options and invalid values, so a misconfiguration fails at boot. */
export function resolveBullJobQueueOptions(options: BullJobQueueOptions): ResolvedBullJobQueueOptions {
  const resolved = resolveOptions(
    'BullQueueModule',
    BULL_JOB_QUEUE_DEFAULTS,
    options,
    BULL_JOB_QUEUE_OPTION_RULES,
  );
  if (resolved.redisUrl === undefined)
    throw new ModuleOptionsError(
      'BullQueueModule: option redisUrl must be given: a redis:// or rediss:// URL',
    );
  return resolved;
}
