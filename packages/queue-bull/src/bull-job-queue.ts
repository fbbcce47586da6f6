import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';
import Bull from 'bull';
import { Redis, RedisOptions } from 'ioredis';
import { closeRedisConnection } from '@quarry/core';
import {
  deferDelayMs,
  DeferJobError,
  isUnrecoverableJobError,
  JobBackoff,
  jobErrorMessage,
  JobHandler,
  JobOptions,
  JobQueue,
  JobState,
  JobStatus,
  normalizeJobData,
  ProcessOptions,
  resolveJobOptions,
  retryDelayAfter,
} from '@quarry/queue';
import {
  BullJobQueueOptions,
  ResolvedBullJobQueueOptions,
  resolveBullJobQueueOptions,
} from './bull-job-queue-options.interface';
import { GIVE_BACK_ACTIVE_JOBS, READ_JOB_STATE } from './bull-scripts';

/** Name of the Bull backoff strategy that applies `JobBackoff` and `RetryJobError`. */
const QUARRY_BACKOFF = 'quarry';
const PING_TIMEOUT_MS = 3000;

interface Registration {
  handler: JobHandler<unknown>;
  concurrency: number;
}

interface RunningJob {
  queue: string;
  jobId: string;
  /** The handler returned or threw; Bull is recording the outcome. */
  settled: boolean;
}

/** Bull's worker token, the value of the locks it holds; not part of Bull's typings. */
type QueueWithToken = Bull.Queue & { token?: unknown };

/** Bull's timer for moving delayed jobs; not part of Bull's typings. */
type QueueWithTimers = Bull.Queue & { delayTimer?: NodeJS.Timeout };

/**
 * `JobQueue` on Bull 4 and Redis, for processes that share work across machines. One Bull queue
 * per queue name, created on first use; all of them share one command and one subscriber
 * connection, and each worker queue adds one blocking connection.
 */
export class BullJobQueue extends JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BullJobQueue.name);
  private readonly options: ResolvedBullJobQueueOptions;
  private readonly queues = new Map<string, Bull.Queue>();
  private readonly registrations = new Map<string, Registration>();
  private readonly running = new Map<string, RunningJob>();
  private readonly connections: Array<{ role: string; connection: Redis }> = [];
  private readonly client: Redis;
  private subscriber?: Redis;
  private started = false;
  private stopping = false;
  private closing?: Promise<void>;

  constructor(options: BullJobQueueOptions) {
    super();
    this.options = resolveBullJobQueueOptions(options);
    this.client = this.connect('client', {});
  }

  async add<T>(queue: string, data: T, options?: JobOptions): Promise<{ id: string }> {
    assertQueueName(queue);
    const resolved = resolveJobOptions(options);
    const retention = { age: Math.ceil(this.options.retentionMs / 1000) };
    const job = await this.queue(queue).add(normalizeJobData(data), {
      jobId: resolved.jobId,
      attempts: resolved.attempts,
      delay: resolved.delay > 0 ? resolved.delay : undefined,
      backoff: { type: QUARRY_BACKOFF, options: resolved.backoff ?? null },
      removeOnComplete: retention,
      removeOnFail: retention,
    });
    return { id: String(job.id) };
  }

  process<T>(queue: string, handler: JobHandler<T>, options: ProcessOptions = {}): void {
    assertQueueName(queue);
    if (this.registrations.has(queue)) {
      throw new Error(`A handler is already registered for queue "${queue}"`);
    }
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`Concurrency of queue "${queue}" must be an integer >= 1, got ${concurrency}`);
    }
    this.registrations.set(queue, { handler: handler as JobHandler<unknown>, concurrency });
    if (this.canWork()) this.startWorker(queue);
  }

  async getState(queue: string, jobId: string): Promise<JobStatus | undefined> {
    assertQueueName(queue);
    // Bull's key layout, without creating a Bull queue just to read.
    const key = (suffix: string) => `${this.options.prefix}:${queue}:${suffix}`;
    const found = (await this.client.eval(
      READ_JOB_STATE,
      5,
      key(jobId),
      key('completed'),
      key('failed'),
      key('delayed'),
      key('active'),
      jobId,
    )) as [JobState, string, string] | null;
    if (!found) return undefined;
    const [state, attempts, failedReason] = found;
    // Bull counts failed attempts only; the port counts every attempt that ran to an end.
    const status: JobStatus = {
      id: jobId,
      state,
      attemptsMade: Number(attempts) + (state === 'completed' ? 1 : 0),
    };
    if (failedReason) status.failedReason = failedReason;
    return status;
  }

  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not answer within ${PING_TIMEOUT_MS} ms`)),
        PING_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.client.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts the workers of registered queues; Nest calls it once the application has booted. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    if (!this.options.runWorkers) return;
    for (const queue of this.registrations.keys()) this.startWorker(queue);
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Runs before other modules close their resources in `onApplicationShutdown`, so handlers can still use them. */
  beforeApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /**
   * Stops taking jobs, waits up to `shutdownGraceMs` for running handlers, gives the jobs still
   * running back to their queues without using up their attempt, then closes the connections.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.stopping = true;
    const workers = [...this.registrations.keys()]
      .map((name) => this.queues.get(name))
      .filter((q) => q !== undefined);
    if (this.started && this.options.runWorkers && workers.length > 0) {
      await Promise.allSettled(workers.map((queue) => queue.pause(true, true)));
      const unsettled = [...this.running.values()].filter((entry) => !entry.settled).length;
      if (unsettled > 0) {
        this.logger.log(`Waiting up to ${this.options.shutdownGraceMs} ms for ${unsettled} running job(s)`);
        let graceTimer: NodeJS.Timeout | undefined;
        const graceOver = new Promise<void>(
          (resolve) => (graceTimer = setTimeout(resolve, this.options.shutdownGraceMs)),
        );
        await Promise.race([
          Promise.allSettled(workers.map((queue) => queue.whenCurrentJobsFinished())),
          graceOver,
        ]);
        clearTimeout(graceTimer);
      }
      const given = await Promise.allSettled(workers.map((queue) => this.giveBackActiveJobs(queue)));
      const count = given.reduce(
        (sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0),
        0,
      );
      if (count > 0) this.logger.warn(`Gave ${count} unfinished job(s) back to their queues`);
    }
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close(true)));
    // The workers are paused (their blocking connections reconnected, idle), so every connection can QUIT.
    await Promise.allSettled(
      this.connections.map(({ connection }) => closeRedisConnection(connection, PING_TIMEOUT_MS)),
    );
    // Bull 4 may arm its delayed-jobs timer after close() cleared it (a reply already on its way);
    // with the connections closed no reply can arm it again.
    for (const queue of this.queues.values()) clearTimeout((queue as QueueWithTimers).delayTimer);
  }

  /** Gives back the jobs of `queue` this worker holds, except those whose handler already returned. */
  private async giveBackActiveJobs(queue: Bull.Queue): Promise<number> {
    const token = (queue as QueueWithToken).token;
    if (typeof token !== 'string') return 0;
    const keep = [...this.running.values()]
      .filter((entry) => entry.queue === queue.name && entry.settled)
      .map((entry) => entry.jobId);
    const released = (await this.client.eval(
      GIVE_BACK_ACTIVE_JOBS,
      5,
      queue.toKey('active'),
      queue.toKey('wait'),
      queue.toKey('paused'),
      queue.toKey('meta-paused'),
      queue.toKey('stalled'),
      token,
      queue.toKey(''),
      ...keep,
    )) as string[];
    return released.length;
  }

  private canWork(): boolean {
    return this.options.runWorkers && this.started && !this.stopping;
  }

  private startWorker(name: string): void {
    const { handler, concurrency } = this.registrations.get(name)!;
    const queue = this.queue(name);
    queue
      .process(concurrency, (job) => this.runJob(name, job, handler))
      .catch((error: unknown) => {
        if (!this.stopping) this.logger.error(`Worker of queue "${name}" stopped: ${jobErrorMessage(error)}`);
      });
  }

  private async runJob(name: string, job: Bull.Job, handler: JobHandler<unknown>): Promise<void> {
    const jobId = String(job.id);
    const key = `${name}\u0000${jobId}`;
    const entry: RunningJob = { queue: name, jobId, settled: false };
    this.running.set(key, entry);
    try {
      await handler({
        id: jobId,
        queue: name,
        data: job.data,
        attempt: job.attemptsMade + 1,
        maxAttempts: job.opts.attempts ?? 1,
      });
    } catch (error) {
      if (isUnrecoverableJobError(error)) await job.discard();
      const deferMs = deferDelayMs(error);
      if (deferMs !== undefined) {
        // Bull moves the job to delayed as for a retry, counting an attempt: the count is set back
        // first, and the error it records has no message or stack, so no failure shows.
        job.attemptsMade -= 1;
        const deferral = new DeferJobError('', deferMs);
        deferral.stack = undefined;
        throw deferral;
      }
      // Bull records `error.message` as the failed reason.
      throw error instanceof Error ? error : new Error(jobErrorMessage(error));
    } finally {
      entry.settled = true;
      // Bull records the outcome after this returns, and a shutdown must not give the job back
      // meanwhile; after one lock duration the lock that would allow it has expired anyway.
      setTimeout(() => {
        if (this.running.get(key) === entry) this.running.delete(key);
      }, this.options.lockDurationMs).unref();
    }
  }

  private queue(name: string): Bull.Queue {
    assertQueueName(name);
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Bull(name, {
        prefix: this.options.prefix,
        createClient: (type) => this.createClient(type),
        settings: {
          lockDuration: this.options.lockDurationMs,
          stalledInterval: this.options.stalledIntervalMs,
          maxStalledCount: this.options.maxStalledCount,
          backoffStrategies: { [QUARRY_BACKOFF]: quarryBackoff },
        },
      });
      handleWorkerNaming(queue);
      queue.on('error', (error: Error) => {
        if (!this.stopping) this.logger.error(`Queue "${name}": ${error.message}`);
      });
      queue.on('failed', (job: Bull.Job, error: Error) => {
        if (job.finishedOn) {
          this.logger.warn(
            `Job ${name}/${job.id} failed on attempt ${job.attemptsMade} of ${job.opts.attempts ?? 1}: ${error.message}`,
          );
        }
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  private createClient(type: 'client' | 'subscriber' | 'bclient'): Redis {
    // Bull requires these two settings on connections that block or subscribe.
    const blocking: RedisOptions = { maxRetriesPerRequest: null, enableReadyCheck: false };
    if (type === 'client') return this.client;
    if (type === 'subscriber') {
      this.subscriber ??= this.connect('subscriber', blocking);
      return this.subscriber;
    }
    return this.connect('bclient', blocking);
  }

  private connect(role: string, options: RedisOptions): Redis {
    const connection = new Redis(this.options.redisUrl, { ...options, connectionName: `quarry-${role}` });
    // Every Bull queue adds listeners to the shared connections.
    connection.setMaxListeners(0);
    let failing = false;
    connection.on('error', (error: Error) => {
      if (failing || this.stopping) return;
      failing = true;
      this.logger.error(`Redis (${role}) connection failed: ${error.message}`);
    });
    connection.on('ready', () => {
      if (failing) this.logger.log(`Redis (${role}) connection restored`);
      failing = false;
    });
    this.connections.push({ role, connection });
    return connection;
  }
}

/** Bull backoff strategy: the engine-neutral retry policy, or a deferral's delay; -1 tells Bull to fail the job. */
function quarryBackoff(attemptsMade: number, error: Error, backoff?: JobBackoff | null): number {
  // Bull has already checked the attempts left before it asks for a delay.
  return (
    deferDelayMs(error) ??
    retryDelayAfter(error, backoff ?? undefined, attemptsMade, Number.POSITIVE_INFINITY) ??
    -1
  );
}

/**
 * Bull 4 names the worker's blocking connection (CLIENT SETNAME) when a handler is registered and
 * drops the promise: if the connection closes before the reply (a shutdown right after start), the
 * rejection has nobody to handle it. The name is cosmetic, so a failure to set it is ignored.
 */
function handleWorkerNaming(queue: Bull.Queue): void {
  const named = queue as Bull.Queue & { setWorkerName(): Promise<unknown> };
  const setWorkerName = named.setWorkerName.bind(named);
  named.setWorkerName = () => setWorkerName().catch(() => undefined);
}

function assertQueueName(queue: string): void {
  if (typeof queue !== 'string' || queue.length === 0 || queue.length > 200) {
    throw new RangeError('Queue names must be 1 to 200 characters');
  }
}
