import { NotFoundError } from '@quarry/core';
import type { JobRecord } from './job-record';
import type { JobRecordStore } from './job-record.store';

/** The job, for its owner only: anyone else, and everyone once it expired, gets the 404 of an unknown id. */
export async function ownJob<Request, Result, Failure>(
  store: JobRecordStore<Request, Result, Failure>,
  accountId: string,
  jobId: string,
  now: Date,
): Promise<JobRecord<Request, Result, Failure>> {
  const job = await store.get(jobId, now);
  if (!job || job.accountId !== accountId) throw new NotFoundError('No such job.');
  return job;
}
