import { backoffDelay, isUnrecoverableJobError, retryDelayAfter, RetryJobError } from '@quarry/queue';
import { WEBHOOK_RETRY, webhookRetryError } from './webhook-retry.policy';

const MINUTE = 60_000;

function lastAttemptAfter(random: () => number): number {
  let total = 0;
  for (let attempt = 2; attempt <= WEBHOOK_RETRY.attempts; attempt += 1) {
    total += backoffDelay(WEBHOOK_RETRY.backoff, attempt, random);
  }
  return total;
}

describe('WEBHOOK_RETRY', () => {
  it('makes 8 attempts, the waits doubling from 30 s', () => {
    const waits = [2, 3, 4, 5, 6, 7, 8].map((attempt) =>
      backoffDelay(WEBHOOK_RETRY.backoff, attempt, () => 1),
    );
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920].map((seconds) => seconds * 1000));
  });

  it('spreads the attempts over about an hour, 32 to 63.5 min with jitter', () => {
    expect(lastAttemptAfter(() => 1)).toBe(63.5 * MINUTE);
    expect(lastAttemptAfter(() => 0)).toBe(31.75 * MINUTE);
  });
});

describe('webhookRetryError', () => {
  it('stops retrying a gone receiver', () => {
    const error = webhookRetryError({ delivered: false, statusCode: 410, error: 'answered 410', gone: true });
    expect(isUnrecoverableJobError(error)).toBe(true);
    expect(error.message).toBe('Webhook not delivered: answered 410');
    expect(retryDelayAfter(error, WEBHOOK_RETRY.backoff, 1, WEBHOOK_RETRY.attempts)).toBeUndefined();
  });

  it('waits as long as Retry-After asks', () => {
    const error = webhookRetryError({
      delivered: false,
      statusCode: 429,
      error: 'answered 429',
      retryAfterMs: 7000,
      gone: false,
    });
    expect(error).toBeInstanceOf(RetryJobError);
    expect(retryDelayAfter(error, WEBHOOK_RETRY.backoff, 1, WEBHOOK_RETRY.attempts)).toBe(7000);
  });

  it('otherwise takes the backoff', () => {
    const error = webhookRetryError({ delivered: false, error: 'connection refused', gone: false });
    expect(isUnrecoverableJobError(error)).toBe(false);
    expect(retryDelayAfter(error, WEBHOOK_RETRY.backoff, 3, WEBHOOK_RETRY.attempts, () => 1)).toBe(120_000);
    expect(retryDelayAfter(error, WEBHOOK_RETRY.backoff, 8, WEBHOOK_RETRY.attempts)).toBeUndefined();
  });
});
