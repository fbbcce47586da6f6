import type { JobQueue } from '@quarry/queue';
import type { JobRecord } from './job-record';
import type { JobMessage } from './runner/callback-job.runner';
import type { JobRecordStore } from './job-record.store';

/** How a capability's jobs are queued: the runner's work queue, and how often a transient failure is tried again. */
export interface JobQueueing {
  queue: string;
  attempts: number;
  /** Base delay of the exponential backoff (with jitter) between attempts. */
  backoffMs: number;
}

/**
 * Stores a new job (after clearing the capability's expired ones) and queues it for its runner,
 * once per job whatever re-submits it (`<queue>-<jobId>`).
 */
export async function enqueueJob<Request, Result, Failure>(
  store: JobRecordStore<Request, Result, Failure>,
  queue: JobQueue,
  job: JobRecord<Request, Result, Failure>,
  queueing: JobQueueing,
): Promise<void> {
  await store.purgeExpired(job.createdAt);
  await store.create(job);
  await queue.add<JobMessage>(
    queueing.queue,
    { jobId: job.id },
    {
      jobId: `${queueing.queue}-${job.id}`,
      attempts: queueing.attempts,
      backoff: { type: 'exponential', delay: queueing.backoffMs, jitter: true },
    },
  );
}
