import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { HostBudget, type HostSlot, type HostTurn } from '../ports/host-budget';
import type { RobotsRules } from '../domain/robots-rules';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';

/**
 * Every request a crawl, batch or map makes to a site goes through the per-host budget shared by
 * all workers (`hostConcurrency` at once, `hostRequestsPerSecond`, slowed by robots.txt
 * Crawl-delay): pages ask for their turn and are deferred on the queue, site files (robots.txt,
 * sitemaps) wait for theirs.
 */
@Injectable()
export class HostTurns {
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

  release(slot: HostSlot): Promise<void> {
    return this.budget.release(slot);
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
}
