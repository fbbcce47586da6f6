import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { HostBudget, type HostSlot, type HostTurn } from '../ports/host-budget';
import type { RobotsRules } from '../domain/robots-rules';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';

/** A request of this process waiting for its host's turn. */
interface Waiter {
  /** The time its host's starts must keep apart; below 1 ms there is none to keep. */
  intervalMs: number;
  /** Ends the wait when nothing comes first. */
  timer: NodeJS.Timeout;
  /** Ends the wait: with a slot handed on, or with none to ask the budget again. */
  wake(slot?: HostSlot): void;
}

/**
 * Every request a crawl, batch or map makes to a site goes through the per-host budget shared by
 * all workers (`hostConcurrency` at once, `hostRequestsPerSecond`, slowed by robots.txt
 * Crawl-delay): pages ask for their turn, waiting for it a little in their worker and else deferred
 * on the queue, site files (robots.txt, sitemaps) wait for theirs.
 */
@Injectable()
export class HostTurns {
  /** Per host, the requests of this process waiting for a turn, first come first. */
  private readonly waiting = new Map<string, Set<Waiter>>();

  constructor(
    @Inject(CRAWL_SETTINGS) private readonly settings: CrawlSettings,
    private readonly budget: HostBudget,
    private readonly clock: Clock,
  ) {}

  /** A turn for one request to `url`'s host now, or how long to wait; `robots` is the site's, when known. */
  take(url: URL, robots?: RobotsRules): Promise<HostTurn> {
    return this.budget.take(
      url.host,
      this.settings.hostConcurrency,
      this.intervalOf(robots),
      this.clock.now().getTime(),
    );
  }

  /**
   * A turn within `patienceMs`, waited for here, or how long is left to wait when the turn is
   * further off or the host already has `hostConcurrency` requests waiting in this process: those
   * leave the rest of the process's capacity to other hosts. A slot this process gives back wakes
   * the first waiter of its host, and when the host has no start interval to keep, the slot is
   * handed on to it as it is, leased again, without going back to the budget.
   */
  async takeWithin(url: URL, robots: RobotsRules | undefined, patienceMs: number): Promise<HostTurn> {
    const until = performance.now() + patienceMs;
    const intervalMs = this.intervalOf(robots);
    // Behind requests already waiting here, the host's slots are taken: wait in line first.
    let waitMs = this.waiting.has(url.host) ? patienceMs : 0;
    for (;;) {
      if (waitMs > 0 && !this.lineIsFull(url.host)) {
        const handed = await this.wait(url.host, intervalMs, Math.min(waitMs, until - performance.now()));
        if (handed) return { granted: true, slot: handed };
      }
      const turn = await this.take(url, robots);
      if (turn.granted || turn.waitMs > until - performance.now() || this.lineIsFull(url.host)) return turn;
      waitMs = turn.waitMs;
    }
  }

  async release(slot: HostSlot): Promise<void> {
    const next = this.nextWaiter(slot.host);
    if (next && next.intervalMs < 1) {
      let renewed: HostSlot | undefined;
      try {
        renewed = await this.budget.renew(slot, this.clock.now().getTime());
      } finally {
        next.wake(renewed);
      }
      return;
    }
    try {
      await this.budget.release(slot);
    } finally {
      next?.wake();
    }
  }

  /** Runs `request` in a turn of `url`'s host, waiting for it. */
  async run<T>(url: URL, robots: RobotsRules | undefined, request: () => Promise<T>): Promise<T> {
    for (;;) {
      const turn = await this.take(url, robots);
      if (!turn.granted) {
        await sleep(turn.waitMs);
        continue;
      }
      try {
        return await request();
      } finally {
        await this.release(turn.slot);
      }
    }
  }

  /** Whether `hostConcurrency` requests of this process already wait for `host`. */
  private lineIsFull(host: string): boolean {
    return (this.waiting.get(host)?.size ?? 0) >= this.settings.hostConcurrency;
  }

  private intervalOf(robots: RobotsRules | undefined): number {
    return Math.max(1000 / this.settings.hostRequestsPerSecond, (robots?.crawlDelaySeconds ?? 0) * 1000);
  }

  /** The first waiter of `host`, taken off the waiting and its timer stopped: the caller wakes it. */
  private nextWaiter(host: string): Waiter | undefined {
    const waiters = this.waiting.get(host);
    const [next] = waiters ?? [];
    if (!next) return undefined;
    clearTimeout(next.timer);
    this.forget(host, next);
    return next;
  }

  private forget(host: string, waiter: Waiter): void {
    const waiters = this.waiting.get(host);
    waiters?.delete(waiter);
    if (waiters?.size === 0) this.waiting.delete(host);
  }

  /** Resolves after `ms` with nothing, or sooner with a slot of `host` handed on (or nothing, to ask the budget again). */
  private wait(host: string, intervalMs: number, ms: number): Promise<HostSlot | undefined> {
    const waiters = this.waiting.get(host) ?? new Set<Waiter>();
    this.waiting.set(host, waiters);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        intervalMs,
        timer: setTimeout(() => {
          this.forget(host, waiter);
          resolve(undefined);
        }, ms),
        wake: resolve,
      };
      waiters.add(waiter);
    });
  }
}
