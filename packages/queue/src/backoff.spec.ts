import { backoffDelay } from './job-queue';

describe('backoffDelay', () => {
  it('doubles the base delay on each retry', () => {
    const backoff = { type: 'exponential' as const, delay: 100 };
    expect([2, 3, 4, 5].map((attempt) => backoffDelay(backoff, attempt))).toEqual([100, 200, 400, 800]);
  });

  it('keeps a fixed delay fixed', () => {
    expect(backoffDelay({ type: 'fixed', delay: 250 }, 5)).toBe(250);
  });

  it('spreads a jittered delay over the upper half', () => {
    const backoff = { type: 'exponential' as const, delay: 1000, jitter: true };
    expect(backoffDelay(backoff, 3, () => 0)).toBe(1000);
    expect(backoffDelay(backoff, 3, () => 1)).toBe(2000);
  });
});
