import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, PaymentRequiredError, QuarryError, runPaid } from '@quarry/core';
import { ScrapeOutcome, ScrapeService } from '@quarry/scrape';
import { MONITOR_SETTINGS, MonitorSettings } from '../monitor-options.interface';
import { MonitorStore } from '../ports/monitor.store';
import { derivedUuid } from './check-schedule';
import { diffLines } from './line-diff';
import { contentHash } from './markdown-fingerprint';
import { CheckOutcome, MonitorCheck, MonitorRecord } from './monitor';
import { CheckFailure, MonitorNotifier } from './monitor.notifier';
import { textRequest, triggers, watchedText } from './watch';

/** Concurrent checks of one monitor: how often a check re-reads the content another one just stored. */
const CONTENT_RACE_RETRIES = 50;

/**
 * Runs one check of a monitor: the price reserved, a fresh scrape, the hash of the watched text
 * (`watchedText`: normalised, ignored lines left out) compared with the last good content, the charge, the snapshot of what it read, the check record, and on a change the event and its
 * notifications (when the trigger, if any, is in the new text). Safe to run again for the same (monitor, scheduled time): the check id derives
 * from them, so a finished check is skipped and the charge (keyed by check id) happens once.
 */
@Injectable()
export class MonitorCheckRunner {
  private readonly logger = new Logger(MonitorCheckRunner.name);

  constructor(
    @Inject(MONITOR_SETTINGS) private readonly settings: MonitorSettings,
    private readonly store: MonitorStore,
    private readonly scraper: ScrapeService,
    private readonly notifier: MonitorNotifier,
    private readonly clock: Clock,
  ) {}

  /** The check's id, or undefined when it was skipped (monitor gone or paused, or this check already ran). */
  async run(monitorId: string, scheduledAt: number): Promise<MonitorCheck | undefined> {
    const checkId = derivedUuid(`check:${monitorId}:${scheduledAt}`);
    if (await this.store.hasCheck(checkId)) return undefined;
    const monitor = await this.store.get(monitorId);
    if (!monitor || monitor.status !== 'active') return undefined;

    const started = this.clock.now().getTime();
    const { billing, price } = this.settings;
    const work = { accountId: monitor.accountId, operation: 'monitorCheck', referenceId: checkId, price };
    let scraped: ScrapeOutcome;
    try {
      // The check is paid as itself (monitorCheck, keyed by check id), so its scrape is not billed again.
      scraped = await runPaid(billing, work, () =>
        this.scraper.scrapeUnbilled({
          url: monitor.url,
          forceFresh: true,
          timeoutMs: this.settings.checkTimeoutMs,
          text: textRequest(monitor),
        }),
      );
    } catch (error) {
      return this.failed(monitor, checkId, started, failureOf(error));
    }
    const text = watchedText(monitor, scraped);
    if (text === undefined)
      return this.failed(monitor, checkId, started, {
        code: 'SELECTOR_NOT_FOUND',
        message: 'The selector matched nothing on the page.',
      });
    return this.succeeded(monitor, checkId, started, scraped, text);
  }

  private async succeeded(
    read: MonitorRecord,
    checkId: string,
    started: number,
    { result, tier }: ScrapeOutcome,
    markdown: string,
  ): Promise<MonitorCheck | undefined> {
    const hash = contentHash(markdown);
    const checkedAt = this.clock.now();
    let monitor: MonitorRecord | undefined = read;
    let outcome: CheckOutcome | undefined;
    for (let attempt = 0; attempt < CONTENT_RACE_RETRIES && monitor; attempt++) {
      const candidate: CheckOutcome =
        monitor.contentHash === null ? 'baseline' : monitor.contentHash === hash ? 'unchanged' : 'changed';
      if (
        await this.store.recordSuccess(monitor.id, monitor.contentVersion, {
          hash,
          markdown,
          title: result.title,
          checkedAt,
          changed: candidate === 'changed',
        })
      ) {
        outcome = candidate;
        break;
      }
      monitor = await this.store.get(read.id);
    }
    if (!monitor || !outcome) return undefined;
    if (monitor.name === null && result.title)
      await this.store.update(monitor.id, { name: result.title, updatedAt: checkedAt });

    await this.store.addSnapshot(monitor.id, {
      contentHash: hash,
      text: markdown,
      title: result.title,
      createdAt: checkedAt,
    });
    const check = await this.store.addCheck(
      {
        id: checkId,
        monitorId: monitor.id,
        outcome,
        scrapeTier: tier,
        durationMs: checkedAt.getTime() - started,
        errorCode: null,
        errorMessage: null,
        checkedAt,
      },
      hash,
    );
    if (check && outcome === 'changed') {
      const event = await this.store.addEvent(
        {
          id: derivedUuid(`event:${checkId}`),
          monitorId: monitor.id,
          summary: diffLines(monitor.contentMarkdown ?? '', markdown),
          detectedAt: checkedAt,
          previousTitle: monitor.contentTitle,
          currentTitle: result.title,
          previousHash: monitor.contentHash as string,
          currentHash: hash,
        },
        checkId,
      );
      const current = await this.store.get(monitor.id);
      if (event && current && triggers(current, markdown)) await this.notifier.changed(current, event);
    }
    await this.store.prune(monitor.id, this.settings.checkRetention, this.settings.eventRetention);
    return check;
  }

  private async failed(
    monitor: MonitorRecord,
    checkId: string,
    started: number,
    failure: CheckFailure,
  ): Promise<MonitorCheck | undefined> {
    const checkedAt = this.clock.now();
    const failures = await this.store.recordFailure(monitor.id, checkedAt);
    if (failures === undefined) return undefined;
    // Paused before the check is recorded, so whoever sees the check sees the monitor's new status.
    const paused =
      failures >= this.settings.maxConsecutiveFailures &&
      (await this.store.pauseAfterFailures(monitor.id, this.settings.maxConsecutiveFailures, checkedAt));
    const check = await this.store.addCheck(
      {
        id: checkId,
        monitorId: monitor.id,
        outcome: 'error',
        scrapeTier: null,
        durationMs: checkedAt.getTime() - started,
        errorCode: failure.code,
        errorMessage: failure.message,
        checkedAt,
      },
      null,
    );
    if (paused) {
      this.logger.warn(
        { monitorId: monitor.id, failures, errorCode: failure.code },
        'Monitor paused after consecutive failed checks',
      );
      const current = await this.store.get(monitor.id);
      if (current) await this.notifier.paused(current, failures, failure, checkId);
    }
    await this.store.prune(monitor.id, this.settings.checkRetention, this.settings.eventRetention);
    return check;
  }
}

function failureOf(error: unknown): CheckFailure {
  if (error instanceof PaymentRequiredError)
    return { code: 'payment_required', message: 'The account has no credits left for this check.' };
  if (error instanceof QuarryError) return { code: error.code, message: error.message };
  new Logger(MonitorCheckRunner.name).error({ err: error }, 'Monitor check failed unexpectedly');
  return { code: 'SCRAPE_FAILED', message: 'The check failed unexpectedly.' };
}
