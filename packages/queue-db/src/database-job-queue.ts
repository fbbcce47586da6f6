import { setImmediate as nextTurn } from 'node:timers/promises';
import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { JobHandler, JobOptions, JobQueue, JobStatus, ProcessOptions } from '@quarry/queue';
import {
  deferDelayMs,
  jobErrorMessage,
  normalizeJobData,
  resolveJobOptions,
  retryDelayAfter,
} from '@quarry/queue';
import {
  DatabaseJobQueueOptions,
  ResolvedDatabaseJobQueueOptions,
  resolveDatabaseJobQueueOptions,
} from './database-job-queue-options.interface';
import { ClaimedJob, JobStore } from './job-store';

interface RunningJob {
  job: ClaimedJob;
  heartbeat: NodeJS.Timeout;
  /** The handler returned or threw. */
  settled: boolean;
  /** Given back at shutdown: the outcome of the handler is no longer recorded. */
  abandoned: boolean;
  done: Promise<void>;
}

interface QueueWorker {
  queue: string;
  handler: JobHandler<unknown>;
  concurrency: number;
  running: Map<string, RunningJob>;
  polling?: Promise<void>;
  pollAgain: boolean;
  timer?: NodeJS.Timeout;
  timerAt: number;
  failures: number;
}

const MAX_ERROR_BACKOFF_MS = 30_000;

/**
 * The in-process engine: jobs are rows of `quarry_jobs` in the app's database (SQLite or
 * PostgreSQL), so they survive restarts and several processes can share the work. Each worker
 * claims a due job with one atomic statement and holds a lease on it, renewed while the handler
 * runs; a job whose worker died is claimed again when the lease runs out.
 */
export class DatabaseJobQueue extends JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DatabaseJobQueue.name);
  private readonly options: ResolvedDatabaseJobQueueOptions;
  private readonly store: JobStore;
  private readonly workers = new Map<string, QueueWorker>();
  private started = false;
  private stopping = false;
  private closing?: Promise<void>;
  private sweepTimer?: NodeJS.Timeout;
  /** Sweeps and lease renewals under way; shutdown waits for them before the database closes. */
  private readonly chores = new Set<Promise<unknown>>();

  constructor(dataSource: DataSource, options: DatabaseJobQueueOptions = {}) {
    super();
    this.options = resolveDatabaseJobQueueOptions(options);
    this.store = new JobStore(dataSource);
  }

  async add<T>(queue: string, data: T, options?: JobOptions): Promise<{ id: string }> {
    assertQueueName(queue);
    const resolved = resolveJobOptions(options);
    const id = await this.store.insert(queue, normalizeJobData(data), resolved, Date.now());
    const worker = this.workers.get(queue);
    if (worker) {
      if (resolved.delay > 0) this.schedule(worker, resolved.delay);
      else this.wake(worker);
    }
    return { id };
  }

  process<T>(queue: string, handler: JobHandler<T>, options: ProcessOptions = {}): void {
    assertQueueName(queue);
    if (this.workers.has(queue)) throw new Error(`A handler is already registered for queue "${queue}"`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`Concurrency of queue "${queue}" must be an integer >= 1, got ${concurrency}`);
    }
    const worker: QueueWorker = {
      queue,
      handler: handler as JobHandler<unknown>,
      concurrency,
      running: new Map(),
      pollAgain: false,
      timerAt: 0,
      failures: 0,
    };
    this.workers.set(queue, worker);
    this.wake(worker);
  }

  getState(queue: string, jobId: string): Promise<JobStatus | undefined> {
    return this.store.find(queue, jobId);
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  /** Starts the workers of registered queues; Nest calls it once the application has booted. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    if (!this.options.runWorkers) return;
    this.sweepTimer = setInterval(() => this.chore(this.sweep()), this.options.sweepIntervalMs);
    this.chore(this.sweep());
    for (const worker of this.workers.values()) this.wake(worker);
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Runs before the database closes, which happens in `onApplicationShutdown`. */
  beforeApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /**
   * Stops claiming jobs, waits up to `shutdownGraceMs` for running handlers, then gives the jobs
   * still running back to their queues without using up their attempt.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /**
   * Deletes completed and failed jobs older than `retentionMs` and fails jobs that stalled too
   * often. Worker processes run it every `sweepIntervalMs`.
   */
  async sweep(): Promise<{ purged: number; failedStalled: number }> {
    try {
      const now = Date.now();
      const purged = await this.store.purgeFinished(now - this.options.retentionMs);
      const failedStalled = await this.store.failStalled(now, this.options.maxStalledCount);
      if (failedStalled > 0) {
        this.logger.warn(`Failed ${failedStalled} job(s) that stalled more than allowed`);
      }
      return { purged, failedStalled };
    } catch (error) {
      this.logger.error(`Job sweep failed: ${jobErrorMessage(error)}`);
      return { purged: 0, failedStalled: 0 };
    }
  }

  private async shutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweepTimer);
    const workers = [...this.workers.values()];
    for (const worker of workers) clearTimeout(worker.timer);
    await Promise.allSettled(workers.map((worker) => worker.polling));
    const running = workers.flatMap((worker) => [...worker.running.values()]);
    if (running.length > 0) await this.finishOrGiveBack(running);
    await Promise.allSettled([...this.chores]);
  }

  private async finishOrGiveBack(running: RunningJob[]): Promise<void> {
    this.logger.log(`Waiting up to ${this.options.shutdownGraceMs} ms for ${running.length} running job(s)`);
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>(
      (resolve) => (graceTimer = setTimeout(resolve, this.options.shutdownGraceMs)),
    );
    await Promise.race([Promise.allSettled(running.map((entry) => entry.done)), graceOver]);
    clearTimeout(graceTimer);

    const unfinished = running.filter((entry) => !entry.settled);
    for (const entry of unfinished) {
      entry.abandoned = true;
      clearInterval(entry.heartbeat);
    }
    const released = await Promise.allSettled(
      unfinished.map((entry) => this.store.release(entry.job, Date.now())),
    );
    // Handlers that returned just now are recording their outcome.
    await Promise.allSettled(running.filter((entry) => !entry.abandoned).map((entry) => entry.done));
    if (unfinished.length > 0) {
      const failed = released.filter((result) => result.status === 'rejected').length;
      this.logger.warn(
        `Gave ${unfinished.length - failed} unfinished job(s) back to their queues` +
          (failed > 0 ? `; ${failed} could not be given back and run again once their lease runs out` : ''),
      );
    }
  }

  private chore(work: Promise<unknown>): void {
    this.chores.add(work);
    void work.finally(() => this.chores.delete(work));
  }

  private canWork(): boolean {
    return this.options.runWorkers && this.started && !this.stopping;
  }

  /** Looks for due jobs of the queue now. */
  private wake(worker: QueueWorker): void {
    if (!this.canWork()) return;
    if (worker.polling) {
      worker.pollAgain = true;
      return;
    }
    worker.polling = this.poll(worker).then((nextPollMs) => {
      worker.polling = undefined;
      this.schedule(worker, nextPollMs);
    });
  }

  /** Looks for due jobs of the queue in `delayMs`, unless a look is already planned before then. */
  private schedule(worker: QueueWorker, delayMs: number): void {
    if (!this.canWork()) return;
    const at = Date.now() + delayMs;
    if (worker.timer && worker.timerAt <= at) return;
    clearTimeout(worker.timer);
    worker.timerAt = at;
    worker.timer = setTimeout(() => {
      worker.timer = undefined;
      this.wake(worker);
    }, delayMs);
  }

  /**
   * Claims due jobs up to the queue's concurrency, one per turn of the event loop; resolves with
   * the delay until the next look.
   */
  private async poll(worker: QueueWorker): Promise<number> {
    try {
      do {
        worker.pollAgain = false;
        while (this.canWork() && worker.running.size < worker.concurrency) {
          // Jobs that end at once (a page deferred to its host's next turn) would otherwise be
          // claimed one after another without a turn of the event loop, holding every answer.
          await nextTurn();
          const job = await this.store.claim(
            worker.queue,
            Date.now(),
            this.options.leaseMs,
            this.options.maxStalledCount,
          );
          if (!job) break;
          if (!this.canWork()) {
            await this.store.release(job, Date.now());
            break;
          }
          this.run(worker, job);
        }
      } while (worker.pollAgain && this.canWork());
      worker.failures = 0;
      return this.options.pollIntervalMs;
    } catch (error) {
      worker.failures += 1;
      this.logger.error(`Could not claim a job of queue "${worker.queue}": ${jobErrorMessage(error)}`);
      return Math.min(this.options.pollIntervalMs * 2 ** worker.failures, MAX_ERROR_BACKOFF_MS);
    }
  }

  private run(worker: QueueWorker, job: ClaimedJob): void {
    const entry: RunningJob = {
      job,
      heartbeat: setInterval(
        () => void this.renewLease(entry),
        Math.max(1, Math.floor(this.options.leaseMs / 3)),
      ),
      settled: false,
      abandoned: false,
      done: Promise.resolve(),
    };
    worker.running.set(job.rowId, entry);
    entry.done = this.execute(worker, entry).finally(() => {
      clearInterval(entry.heartbeat);
      worker.running.delete(job.rowId);
      this.wake(worker);
    });
  }

  private async execute(worker: QueueWorker, entry: RunningJob): Promise<void> {
    const { job } = entry;
    let failure: { error: unknown } | undefined;
    try {
      await worker.handler({
        id: job.jobId,
        queue: job.queue,
        data: job.data,
        attempt: job.attemptsMade + 1,
        maxAttempts: job.maxAttempts,
      });
    } catch (error) {
      failure = { error };
    }
    entry.settled = true;
    clearInterval(entry.heartbeat);
    if (entry.abandoned) return;

    const label = `${job.queue}/${job.jobId}`;
    try {
      const now = Date.now();
      if (!failure) {
        if (!(await this.store.complete(job, now))) {
          this.logger.warn(`Job ${label} completed after its lease was lost`);
        }
        return;
      }
      const deferMs = deferDelayMs(failure.error);
      if (deferMs !== undefined) {
        await this.store.defer(job, now + deferMs, now);
        this.schedule(worker, deferMs);
        return;
      }
      const attempt = job.attemptsMade + 1;
      const reason = jobErrorMessage(failure.error);
      const delay = retryDelayAfter(failure.error, job.backoff, attempt, job.maxAttempts);
      if (delay === undefined) {
        await this.store.fail(job, reason, now);
        this.logger.warn(`Job ${label} failed on attempt ${attempt} of ${job.maxAttempts}: ${reason}`);
      } else {
        await this.store.retry(job, reason, now + delay, now);
        this.schedule(worker, delay);
      }
    } catch (error) {
      this.logger.error(`Could not record the outcome of job ${label}: ${jobErrorMessage(error)}`);
    }
  }

  private async renewLease(entry: RunningJob): Promise<void> {
    if (entry.settled || entry.abandoned) return;
    try {
      const held = await this.store.renewLease(entry.job, Date.now(), this.options.leaseMs);
      if (!held && !entry.settled && !entry.abandoned) {
        this.logger.warn(
          `Job ${entry.job.queue}/${entry.job.jobId} lost its lease; another worker may run it again`,
        );
        clearInterval(entry.heartbeat);
      }
    } catch (error) {
      this.logger.warn(
        `Could not renew the lease of job ${entry.job.queue}/${entry.job.jobId}: ${jobErrorMessage(error)}`,
      );
    }
  }
}

function assertQueueName(queue: string): void {
  if (typeof queue !== 'string' || queue.length === 0 || queue.length > 200) {
    throw new RangeError('Queue names must be 1 to 200 characters');
  }
}
