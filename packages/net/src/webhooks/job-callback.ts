import type { JobOptions } from '@quarry/queue';
import type { WebhookSender } from './webhook.sender';
import { webhookRetryError } from './webhook-retry.policy';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** How the last send of a job's callback ended; `attempts` is counted separately, before each send. */
export interface CallbackOutcome {
  status: DeliveryStatus;
  lastStatusCode?: number;
  lastError?: string;
}

export interface CallbackDelivery extends CallbackOutcome {
  /** Sends started, recorded before each one: after a crash it may count one the receiver never got, never fewer than it got. */
  attempts: number;
}

/** Where a callback's delivery state is kept (a job's record, a monitor's notification). */
export interface CallbackDeliveryRecord {
  countDeliveryAttempt(id: string): Promise<void>;
  recordDelivery(id: string, outcome: CallbackOutcome): Promise<void>;
}

/** One attempt to deliver a callback (`attempt` of `maxAttempts` of its queued step). */
export interface CallbackAttempt {
  /** The job's or the notification's id: the record's key and the `webhook-id` (`msg_<id>`). */
  id: string;
  url: string;
  /** Sent back as `x-callback-token`. */
  token?: string;
  /** The JSON text of the callback. */
  body: string;
  secrets: readonly string[];
  attempt: number;
  maxAttempts: number;
}

/**
 * Sends a signed callback once, with `webhook-id: msg_<id>` on every attempt, counting the
 * attempt before it is sent and recording how it ended. Throws the queue's retry error while
 * another attempt should follow (honouring `Retry-After`, stopping at once on 410).
 */
export async function deliverCallback(
  sender: WebhookSender,
  record: CallbackDeliveryRecord,
  callback: CallbackAttempt,
): Promise<void> {
  await record.countDeliveryAttempt(callback.id);
  const outcome = await sender.send({
    url: callback.url,
    body: callback.body,
    webhookId: `msg_${callback.id}`,
    secrets: callback.secrets,
    headers: callback.token ? { 'x-callback-token': callback.token } : undefined,
  });
  const status: DeliveryStatus = outcome.delivered
    ? 'delivered'
    : outcome.gone || callback.attempt >= callback.maxAttempts
      ? 'failed'
      : 'pending';
  await record.recordDelivery(callback.id, {
    status,
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
  });
  if (status === 'pending') throw webhookRetryError(outcome);
}

/** How a delivery is retried: at most `attempts` sends, the waits doubling from `backoffMs`, with jitter. */
export interface DeliveryRetry {
  attempts: number;
  backoffMs: number;
}

/**
 * The queue options of one delivery (a job's callback, a monitor's notification): queued once as
 * `deliveryId`, whatever runs its cause again, and retried as `retry` says.
 */
export function deliveryQueueOptions(deliveryId: string, retry: DeliveryRetry): JobOptions {
  return {
    jobId: deliveryId,
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs, jitter: true },
  };
}
