import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { Clock } from '@quarry/core';
import { MonitorsService } from '../domain/monitors.service';
import { MONITOR_SETTINGS, MonitorSettings } from '../monitor-options.interface';
import { MonitorStore } from '../ports/monitor.store';

/** Batches one tick claims at most, so a backlog cannot keep a tick running for ever. */
const MAX_BATCHES_PER_TICK = 100;

/**
 * Every `schedulerIntervalMs`, claims the monitors that are due (one atomic statement per batch,
 * so several processes never claim one monitor twice) and queues one check each, with a job id
 * made of the monitor id and its due time. Runs only where `runScheduler` is true.
 */
@Injectable()
export class MonitorScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MonitorScheduler.name);
  private running: Promise<number> | undefined;
  private stopped = false;
  // Its own timer, not the host's ScheduleModule: a library must not register schedules app-wide.
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(MONITOR_SETTINGS) private readonly settings: MonitorSettings,
    private readonly store: MonitorStore,
    private readonly monitors: MonitorsService,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.settings.runScheduler) return;
    this.timer = setInterval(() => void this.tick(), this.settings.schedulerIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass: claims and queues every due check; the number queued. A pass still running is joined, not doubled. */
  tick(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.running ??= this.claimAndQueue()
      .catch((error: unknown) => {
        this.logger.error({ err: error }, 'Monitor scheduler tick failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async claimAndQueue(): Promise<number> {
    let queued = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_TICK && !this.stopped; batch++) {
      const due = await this.store.claimDue(this.clock.now(), this.settings.claimBatchSize, this.settings);
      // A claim whose job is not queued (crash here) is lost until the next interval: the monitor is checked one interval late, never twice.
      await Promise.all(
        due.map((check) => this.monitors.queueCheck(check.monitorId, check.scheduledAt.getTime())),
      );
      queued += due.length;
      if (due.length < this.settings.claimBatchSize) break;
    }
    return queued;
  }
}
