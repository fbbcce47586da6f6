import type { CallbackDelivery } from '@quarry/net';
import { ScrapeRequest, ScrapeResult } from '../domain/scrape-result';

export type ScrapeJobStatus = 'queued' | 'processing' | 'completed' | 'failed';

/**
 * A scrape failure as callbacks and the jobs endpoint show it: `{ error, message, url }`
 * (docs/api.md §1).
 */
export interface ScrapeFailure {
  error: string;
  message: string;
  url: string;
}

/** An async scrape: what was asked, where to deliver it, and how far it got. */
export interface ScrapeJob {
  id: string;
  accountId: string;
  request: ScrapeRequest;
  callbackUrl: string;
  callbackToken?: string;
  status: ScrapeJobStatus;
  attempts: number;
  result?: ScrapeResult;
  error?: ScrapeFailure;
  delivery: CallbackDelivery;
  createdAt: Date;
}

/** The JSON body POSTed to the callback URL. */
export function callbackPayload(job: ScrapeJob): Record<string, unknown> {
  return job.status === 'completed'
    ? { jobId: job.id, status: 'completed', result: job.result }
    : { jobId: job.id, status: 'failed', error: job.error };
}
