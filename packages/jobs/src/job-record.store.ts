import type { CallbackDeliveryRecord, CallbackOutcome } from '@quarry/net';
import type { JobRecord } from './job-record';

/** Where a feature's jobs are kept until they expire; an expired job is never returned. */
export abstract class JobRecordStore<Request, Result, Failure> implements CallbackDeliveryRecord {
  abstract create(job: JobRecord<Request, Result, Failure>): Promise<void>;
  /** The job, unless it expired by `now`. */
  abstract get(id: string, now: Date): Promise<JobRecord<Request, Result, Failure> | undefined>;
  /** The account's unexpired jobs, newest first, at most `limit`. */
  abstract recentForAccount(
    accountId: string,
    limit: number,
    now: Date,
  ): Promise<JobRecord<Request, Result, Failure>[]>;
  abstract markProcessing(id: string, attempt: number): Promise<void>;
  /** Raises the job's progress to `progress`; a lower or equal value changes nothing, whatever order writes land in. */
  abstract advanceProgress(id: string, progress: number): Promise<void>;
  /** Back to `queued` after a transient failure, for the next attempt; `error` is kept until then. */
  abstract markRetrying(id: string, error: Failure): Promise<void>;
  abstract complete(id: string, result: Result): Promise<void>;
  abstract fail(id: string, error: Failure): Promise<void>;
  /** Counts one more callback send; called before the send, so a crash mid-send is still counted. */
  abstract countDeliveryAttempt(id: string): Promise<void>;
  abstract recordDelivery(id: string, outcome: CallbackOutcome): Promise<void>;
  abstract purgeExpired(now: Date): Promise<void>;
}
