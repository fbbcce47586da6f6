import { booleanOption, integerOption, type OptionRules, resolveOptions } from '@quarry/core';

/** Options of the in-process engine (`DatabaseQueueModule.forRoot`). Durations are milliseconds. */
export interface DatabaseJobQueueOptions {
  /**
   * Whether this process runs handlers. `false` for `QUARRY_ROLE=api`: the process only enqueues
   * and reads job states, and processes that run workers on the same database do the work.
   * @default true
   */
  runWorkers?: boolean;
  /**
   * How long a worker with nothing to do waits before it looks for due jobs again. Jobs added or
   * finished in this process wake its workers at once; this bounds the delay for jobs added
   * by other processes and for delayed jobs.
   * @default 250
   */
  pollIntervalMs?: number;
  /**
   * How long a claimed job stays leased to its worker without a heartbeat; renewed every third of
   * it while the handler runs. A job whose worker died is run again once its lease runs out.
   * @default 30000
   */
  leaseMs?: number;
  /**
   * Times a job may be reclaimed after its worker vanished before it fails with
   * `job stalled more than allowable limit`, so a job that crashes its worker cannot loop forever.
   * @default 1
   */
  maxStalledCount?: number;
  /** How long completed and failed jobs are kept before the sweep deletes them. @default 86400000 (24 h) */
  retentionMs?: number;
  /** How often a worker process purges finished jobs and fails stalled ones. @default 60000 */
  sweepIntervalMs?: number;
  /**
   * On shutdown, how long running handlers may take to finish. Jobs still running after it are
   * given back to the queue, without using up their attempt, for the next process to run.
   * @default 10000
   */
  shutdownGraceMs?: number;
}

export type ResolvedDatabaseJobQueueOptions = Required<DatabaseJobQueueOptions>;

const DATABASE_JOB_QUEUE_DEFAULTS: ResolvedDatabaseJobQueueOptions = {
  runWorkers: true,
  pollIntervalMs: 250,
  leaseMs: 30_000,
  maxStalledCount: 1,
  retentionMs: 24 * 60 * 60 * 1000,
  sweepIntervalMs: 60_000,
  shutdownGraceMs: 10_000,
};

/** How each DatabaseQueueModule option is checked at boot. */
const DATABASE_JOB_QUEUE_OPTION_RULES: OptionRules<DatabaseJobQueueOptions> = {
  runWorkers: booleanOption,
  pollIntervalMs: integerOption(1),
  leaseMs: integerOption(1),
  maxStalledCount: integerOption(0),
  retentionMs: integerOption(1),
  sweepIntervalMs: integerOption(1),
  shutdownGraceMs: integerOption(0),
};

/** Applies defaults and rejects unknown options and invalid values, so a misconfiguration fails at boot. */
export function resolveDatabaseJobQueueOptions(
  options: DatabaseJobQueueOptions = {},
): ResolvedDatabaseJobQueueOptions {
  return resolveOptions(
    'DatabaseQueueModule',
    DATABASE_JOB_QUEUE_DEFAULTS,
    options,
    DATABASE_JOB_QUEUE_OPTION_RULES,
  );
}
