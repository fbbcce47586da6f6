import { RetryJobError, UnrecoverableJobError } from './job-queue';
import { resolveJobOptions, retryDelayAfter } from './job-policy';

describe('retryDelayAfter', () => {
  const backoff = { type: 'exponential' as const, delay: 100 };

  it('backs off exponentially while attempts remain', () => {
    expect(
      [1, 2, 3].map((attemptsMade) => retryDelayAfter(new Error('x'), backoff, attemptsMade, 4)),
    ).toEqual([100, 200, 400]);
  });

  it('retries at once without a backoff', () => {
    expect(retryDelayAfter(new Error('x'), undefined, 1, 2)).toBe(0);
  });

  it('gives up once the attempts are used', () => {
    expect(retryDelayAfter(new Error('x'), backoff, 3, 3)).toBeUndefined();
  });

  it('never retries an unrecoverable error', () => {
    expect(retryDelayAfter(new UnrecoverableJobError('gone'), backoff, 1, 5)).toBeUndefined();
  });

  it('waits as long as a RetryJobError asks, within the attempts', () => {
    expect(retryDelayAfter(new RetryJobError('busy', 1234), backoff, 1, 5)).toBe(1234);
    expect(retryDelayAfter(new RetryJobError('busy', 1234), backoff, 5, 5)).toBeUndefined();
  });

  it('recognises the errors by name when they come from another copy of the package', () => {
    const foreign = Object.assign(new Error('later'), { name: 'RetryJobError', retryAfterMs: 50 });
    expect(retryDelayAfter(foreign, backoff, 1, 5)).toBe(50);
    expect(
      retryDelayAfter(Object.assign(new Error('no'), { name: 'UnrecoverableJobError' }), backoff, 1, 5),
    ).toBeUndefined();
  });
});

describe('resolveJobOptions', () => {
  it('applies the defaults', () => {
    expect(resolveJobOptions()).toEqual({ jobId: undefined, attempts: 1, delay: 0, backoff: undefined });
  });

  it.each([
    { attempts: 0 },
    { attempts: 1.5 },
    { delay: -1 },
    { jobId: '' },
    { backoff: { type: 'fixed' as const, delay: -5 } },
  ])('rejects %j', (options) => {
    expect(() => resolveJobOptions(options)).toThrow(RangeError);
  });
});
