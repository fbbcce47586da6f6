import { type JobBackoff, RetryJobError, UnrecoverableJobError } from '@quarry/queue';
import type { WebhookAttempt } from './webhook.sender';

/**
 * Queue options for a webhook delivery (callbacks of docs/api.md §4, monitor webhooks of §6): 8
 * attempts, the 7 waits doubling from 30 s (`backoffDelay` of @quarry/queue). Without jitter the
 * last attempt starts 63.5 min after the first; jitter draws each wait from [half, full], so 32 to
 * 63.5 min.
 *
 * ```ts
 * await queue.add('callbacks', data, { ...WEBHOOK_RETRY, jobId });
 * ```
 */
export const WEBHOOK_RETRY: { readonly attempts: number; readonly backoff: JobBackoff } = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 30_000, jitter: true },
};

/**
 * What a queue handler throws after an attempt that was not delivered: a `gone` receiver fails the
 * job at once, a `Retry-After` sets the next wait, anything else waits out the backoff.
 */
export function webhookRetryError(attempt: WebhookAttempt): Error {
  const message = `Webhook not delivered: ${attempt.error ?? 'unknown reason'}`;
  if (attempt.gone) return new UnrecoverableJobError(message);
  if (attempt.retryAfterMs !== undefined) return new RetryJobError(message, attempt.retryAfterMs);
  return new Error(message);
}
