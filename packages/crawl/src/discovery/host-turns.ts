import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { HostBudget, type HostSlot, type HostTurn } from '../ports/host-budget';
import type { RobotsRules } from '../domain/robots-rules';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';

/**
 * Every request a crawl, batch or map makes to a site goes through the per-host budget shared by
 * all workers (`hostConcurrency` at once, `hostRequestsPerSecond`, slowed by robots.txt
 * Crawl-delay): pages ask for their turn, waiting for it a little in their worker and else deferred
 * on the queue, site files (robots.txt, sitemaps) wait for theirs.
 */
@Injectable()
export class HostTurns {
  /** Per host, the requests of this process waiting for a turn: each woken when one of the host's slots comes back here. */
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    @Inject(CRAWL_SETTINGS) private readonly settings: CrawlSettings,
    private readonly budget: HostBudget,
    private readonly clock: Clock,
  ) {}

  /** A turn for one request to `url`'s host now, or how long to wait; `robots` is the site's, when known. */
  take(url: URL, robots?: RobotsRules): Promise<HostTurn> {
    const intervalMs = Math.max(
      1000 / this.settings.hostRequestsPerSecond,
      (robots?.crawlDelaySeconds ?? 0) * 1000,
    );
    return this.budget.take(url.host, this.settings.hostConcurrency, intervalMs, this.clock.now().getTime());
  }

  /**
   * A turn within `patienceMs`, waited for here (woken as soon as this process gives one of the
   * host's slots back), or how long is left to wait when the turn is further off or the host already
   * has `hostConcurrency` requests waiting in this process: those leave the rest of the process's
   * capacity to other hosts.
   */
  async takeWithin(url: URL, robots: RobotsRules | undefined, patienceMs: number): Promise<HostTurn> {
    const until = performance.now() + patienceMs;
    for (;;) {
      const turn = await this.take(url, robots);
      if (turn.granted) return turn;
      const waiters = this.waiting.get(url.host)?.size ?? 0;
      if (turn.waitMs > until - performance.now() || waiters >= this.settings.hostConcurrency) return turn;
      await this.slotOrTimeout(url.host, turn.waitMs);
    }
  }

  async release(slot: HostSlot): Promise<void> {
    await this.budget.release(slot);
    const [wake] = this.waiting.get(slot.host) ?? [];
    wake?.();
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

  /** Resolves after `ms`, or sooner when a slot of `host` is given back in this process. */
  private slotOrTimeout(host: string, ms: number): Promise<void> {
    const waiters = this.waiting.get(host) ?? new Set<() => void>();
    this.waiting.set(host, waiters);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0 && this.waiting.get(host) === waiters) this.waiting.delete(host);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiters.add(wake);
    });
  }
}
