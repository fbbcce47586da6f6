import type { CallbackDeliveryRecord, CallbackOutcome } from '@quarry/net';
import { ScrapeFailure, ScrapeJob } from '../jobs/scrape-job';
import { ScrapeResult } from '../domain/scrape-result';

/** Where async scrape jobs are kept, at least `retention` after they were submitted. */
export abstract class ScrapeJobStore implements CallbackDeliveryRecord {
  abstract create(job: ScrapeJob, expiresAt: Date): Promise<void>;
  abstract get(id: string): Promise<ScrapeJob | undefined>;
  /** The account's newest jobs first, at most `limit`. */
  abstract recentForAccount(accountId: string, limit: number): Promise<ScrapeJob[]>;
  abstract markProcessing(id: string, attempt: number): Promise<void>;
  /** Back to `queued` after a transient failure; the error is kept until the next attempt. */
  abstract markRetrying(id: string, error: ScrapeFailure): Promise<void>;
  abstract complete(id: string, result: ScrapeResult): Promise<void>;
  abstract fail(id: string, error: ScrapeFailure): Promise<void>;
  /** Counts one more callback send; called before the send, so a crash mid-send is still counted. */
  abstract countDeliveryAttempt(id: string): Promise<void>;
  abstract recordDelivery(id: string, outcome: CallbackOutcome): Promise<void>;
  abstract purgeExpired(now: Date): Promise<void>;
}
