import type { CallbackDelivery } from '@quarry/net';

export type JobRecordStatus = 'queued' | 'processing' | 'completed' | 'failed';

/** Where a finished job is POSTed, with the token sent back as `x-callback-token`. */
export interface JobCallback {
  url: string;
  token?: string;
}

/**
 * Paid work run as a job: what was asked (`request`), how far it got, its outcome (`result` or the
 * feature's `error`), and where its callback stands. The feature decides the shapes of the three.
 */
export interface JobRecord<Request, Result, Failure> {
  id: string;
  accountId: string;
  /** The API key the job was submitted with; its charge is counted under it. */
  apiKeyId?: string;
  request: Request;
  callback?: JobCallback;
  status: JobRecordStatus;
  /** 0..100, never decreasing. */
  progress: number;
  /** Attempts started so far (transient failures are retried). */
  attempts: number;
  result?: Result;
  error?: Failure;
  /** Present when the job has a callback. */
  delivery?: CallbackDelivery;
  createdAt: Date;
  /** The job is gone (404) from then on. */
  expiresAt: Date;
}

/** The JSON body POSTed to a finished job's callback URL. */
export function callbackPayload(job: JobRecord<unknown, unknown, unknown>): Record<string, unknown> {
  return job.status === 'completed'
    ? { jobId: job.id, status: 'completed', result: job.result }
    : { jobId: job.id, status: 'failed', error: job.error };
}
