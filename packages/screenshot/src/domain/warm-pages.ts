import { BrowserError, type BrowserPool, type PageJob } from '@quarry/browser';
import type { Page, Viewport } from 'puppeteer-core';
import type { CaptureJob } from './page-capture';

export type WarmWork<T> = (page: Page, job: CaptureJob) => Promise<T>;

export interface WarmPagesOptions {
  /** Pages kept open ahead of demand; 0 turns warming off. */
  size: number;
  /** A warm page nobody claimed within this time is closed; none is opened after this long without demand. */
  idleMs: number;
  /** Longest capture a warm page must still have time for when it is claimed. */
  maxRunMs: number;
  viewport: Viewport;
}

/** How often an unclaimed page looks whether another job waits for its slot. */
const YIELD_CHECK_MS = 50;
/** How long closing waits for warm pages still opening to finish opening and close again. */
const CLOSE_WAIT_MS = 5_000;

/** One capture handed to a warm page: its work, its own deadline, and where its outcome goes. */
class Claim<T = unknown> {
  private readonly timeout = new AbortController();
  private readonly timer: NodeJS.Timeout;
  settled = false;

  constructor(
    private readonly work: WarmWork<T>,
    readonly deadline: number,
    private readonly done: { resolve(value: T): void; reject(error: unknown): void },
  ) {
    // Counted from the claim: time spent waiting for a page still opening is the capture's too.
    this.timer = setTimeout(
      () => this.reject(new BrowserError('TIMEOUT', 'The capture did not finish before its deadline.')),
      Math.max(0, deadline - Date.now()),
    );
  }

  /** Runs the work on the page, cut at the capture's deadline (the job's own deadline still applies). */
  run(page: Page, job: PageJob): Promise<unknown> {
    const end = Math.min(this.deadline, job.deadline);
    const signal = AbortSignal.any([job.signal, this.timeout.signal]);
    const view: CaptureJob = {
      signal,
      deadline: end,
      remainingMs: () => Math.max(0, end - Date.now()),
      get blockedRequests() {
        return job.blockedRequests;
      },
      refusalFor: (url) => job.refusalFor(url),
      refusalIn: (response) => job.refusalIn(response),
    };
    const result = this.work(page, view);
    // Delivered as soon as the work is done; the pool closes the context after that, holding the slot.
    result.then(
      (value) => this.resolve(value),
      () => undefined,
    );
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  resolve(value: T): void {
    if (this.finish()) this.done.resolve(value);
  }

  reject(error: unknown): void {
    if (!this.finish()) return;
    this.timeout.abort(error);
    this.done.reject(error);
  }

  private finish(): boolean {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.timer);
    return true;
  }
}

class WarmPage {
  claim?: Claim;
  private wake!: (claim: Claim | undefined) => void;
  readonly claimed = new Promise<Claim | undefined>((resolve) => (this.wake = resolve));

  constructor(
    /** When it stops waiting for a claim. */
    readonly idleUntil: number,
    /** The latest capture deadline its job still has time for. */
    readonly servesUntil: number,
  ) {}

  take(claim: Claim): void {
    this.claim = claim;
    this.wake(claim);
  }

  release(): void {
    this.wake(undefined);
  }
}

/**
 * Browser pages opened ahead of demand, so that creating a capture's incognito context and page
 * (the larger part of a simple capture) overlaps the capture before it instead of following it.
 * A warm page is an ordinary job of the browser pool: it counts against `maxPages`, is opened only
 * while at least one other slot stays free, gives its slot back within 50 ms when another job waits,
 * and closes after `idleMs` unclaimed. Each serves one capture and is closed after it, like any job;
 * replacements are opened when a capture is done (`replenish`), and a capture that finds a page
 * still opening waits for it rather than opening another.
 */
export class WarmPages {
  private readonly spares: WarmPage[] = [];
  private readonly jobs = new Set<Promise<void>>();
  private lastDemandAt = 0;
  private closed = false;

  constructor(
    private readonly pool: BrowserPool,
    private readonly options: WarmPagesOptions,
  ) {}

  /**
   * Runs `work` on a warm page (one still opening included), cut at `deadline` (epoch ms) like a
   * job of its own; undefined when there is none.
   */
  run<T>(work: WarmWork<T>, deadline: number): Promise<T> | undefined {
    if (this.closed || this.options.size === 0) return undefined;
    this.lastDemandAt = Date.now();
    const warm = this.spares.find((spare) => spare.servesUntil >= deadline);
    if (!warm) return undefined;
    this.remove(warm);
    return new Promise<T>((resolve, reject) =>
      warm.take(new Claim(work, deadline, { resolve, reject }) as Claim),
    );
  }

  /**
   * Opens warm pages up to `size` when captures were asked for lately and the pool has room; call it
   * when a capture is done, so the opening does not compete with the capture for the CPU.
   */
  replenish(): void {
    this.topUp();
  }

  /** Unclaimed warm pages, open or opening. */
  get size(): number {
    return this.spares.length;
  }

  /**
   * Stops warming and closes the unclaimed pages, waiting (up to 5 s) for their jobs to end, so that
   * none is still opening when the browser pool shuts down; captures running on warm pages finish.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const warm of this.spares.splice(0)) warm.release();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.jobs]),
      new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  private topUp(): void {
    while (
      !this.closed &&
      this.spares.length < this.options.size &&
      Date.now() - this.lastDemandAt < this.options.idleMs
    ) {
      const { activeJobs, queuedJobs, maxPages } = this.pool.stats();
      // Leave a slot free for whoever comes next, so warming never makes a job wait or turns one away.
      if (activeJobs + queuedJobs + 1 >= maxPages) return;
      this.open();
    }
  }

  private open(): void {
    const openedAt = Date.now();
    const timeoutMs = this.options.idleMs + this.options.maxRunMs;
    const warm = new WarmPage(openedAt + this.options.idleMs, openedAt + timeoutMs);
    this.spares.push(warm);
    const job = this.pool
      .withPage(
        async (page, job) => {
          const claim = await this.hold(warm);
          return claim && !claim.settled ? claim.run(page, job) : undefined;
        },
        { timeoutMs, viewport: this.options.viewport },
      )
      .then(
        (value) => {
          this.remove(warm);
          if (warm.claim) warm.claim.resolve(value);
          else this.topUp();
        },
        (error: unknown) => {
          this.remove(warm);
          warm.release();
          warm.claim?.reject(error);
        },
      )
      .finally(() => this.jobs.delete(job));
    this.jobs.add(job);
  }

  /** Until a capture claims the page, or it idled out, or another job waits for a slot, or closing. */
  private hold(warm: WarmPage): Promise<Claim | undefined> {
    if (warm.claim) return Promise.resolve(warm.claim);
    if (this.closed) return Promise.resolve(undefined);
    const timer = setInterval(() => {
      if (this.closed || this.pool.stats().queuedJobs > 0 || Date.now() >= warm.idleUntil) {
        this.remove(warm);
        warm.release();
      }
    }, YIELD_CHECK_MS);
    return warm.claimed.finally(() => clearInterval(timer));
  }

  private remove(warm: WarmPage): void {
    const index = this.spares.indexOf(warm);
    if (index >= 0) this.spares.splice(index, 1);
  }
}
