import { BrowserError } from '../errors/browser.error';

interface Waiter {
  grant(): void;
  fail(error: unknown): void;
}

/** At most `capacity` holders at once and at most `maxQueue` waiting; one more is refused BUSY. */
export class PageSlots {
  private held = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    private readonly capacity: number,
    private readonly maxQueue: number,
  ) {}

  get active(): number {
    return this.held;
  }

  get queued(): number {
    return this.waiters.length;
  }

  /** Resolves with a slot, or rejects BUSY at once, or with `signal.reason` if it aborts first. */
  acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.held < this.capacity && this.waiters.length === 0) {
      this.held += 1;
      return Promise.resolve();
    }
    if (this.waiters.length >= this.maxQueue) {
      return Promise.reject(
        new BrowserError(
          'BUSY',
          `All ${this.capacity} browser pages are busy and ${this.waiters.length} jobs are waiting; try again later.`,
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.remove(waiter);
        reject(signal.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Hands the slot to the next waiter, or frees it. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next.grant();
    else this.held -= 1;
  }

  /** Rejects every waiter with `error` (shutdown). */
  failWaiting(error: unknown): void {
    for (const waiter of this.waiters.splice(0)) waiter.fail(error);
  }

  private remove(waiter: Waiter): void {
    const index = this.waiters.indexOf(waiter);
    if (index >= 0) this.waiters.splice(index, 1);
  }
}
