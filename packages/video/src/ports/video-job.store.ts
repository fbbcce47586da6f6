import type { VideoResult } from '../domain/video-result';
import type { CallbackDeliveryRecord, CallbackOutcome } from '@quarry/net';
import type { VideoJob, VideoJobError } from '../jobs/video-job';

/** Where video jobs are kept until they expire; an expired job is never returned. */
export abstract class VideoJobStore implements CallbackDeliveryRecord {
  abstract create(job: VideoJob): Promise<void>;
  /** The job, unless it expired by `now`. */
  abstract get(id: string, now: Date): Promise<VideoJob | undefined>;
  /** The account's unexpired jobs, newest first, at most `limit`. */
  abstract recentForAccount(accountId: string, limit: number, now: Date): Promise<VideoJob[]>;
  abstract markProcessing(id: string, attempt: number): Promise<void>;
  /** Raises the job's progress to `progress`; a lower or equal value changes nothing, whatever order writes land in. */
  abstract advanceProgress(id: string, progress: number): Promise<void>;
  /** Back to `queued` after a transient failure, for the next attempt. */
  abstract markRetrying(id: string): Promise<void>;
  abstract complete(id: string, result: VideoResult): Promise<void>;
  abstract fail(id: string, error: VideoJobError): Promise<void>;
  /** Counts one more callback send; called before the send, so a crash mid-send is still counted. */
  abstract countDeliveryAttempt(id: string): Promise<void>;
  abstract recordDelivery(id: string, outcome: CallbackOutcome): Promise<void>;
  abstract purgeExpired(now: Date): Promise<void>;
}
