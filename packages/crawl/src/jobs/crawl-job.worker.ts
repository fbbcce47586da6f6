import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { Clock, QuarryError } from '@quarry/core';
import { JobQueue } from '@quarry/queue';
import { CallbackJobRunner, type JobRecord, type JobWork } from '@quarry/jobs';
import { WebhookSender } from '@quarry/net';
import { CrawlPlan } from '../domain/crawl-plan';
import type { CrawlFailure, CrawlJobRequest, CrawlSummary } from '../domain/crawl-request';
import { urlKey } from '../domain/url-key';
import { LinkFilter } from '../discovery/link-filter';
import { SiteFiles } from '../discovery/site-files';
import { CrawlFrontier, type FoundUrl } from '../ports/crawl-frontier';
import { CrawlJobStore } from '../ports/crawl-job.store';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';
import { CrawlEvents } from './crawl-events';
import { CRAWL_CALLBACK_QUEUE, CRAWL_QUEUE } from './crawl-job-queues';
import { PageQueue } from './page-queue';

type CrawlJob = JobRecord<CrawlJobRequest, CrawlSummary, CrawlFailure>;

/**
 * A crawl that recorded no page for this long queues its unsettled pages again, for those whose
 * queue job was lost (a worker died between recording a page and queuing it). While pages keep
 * being recorded nothing is queued again, so following a crawl costs the same however large it is.
 */
const REQUEUE_WHEN_QUIET_MS = 10_000;

/**
 * Follows each crawl and batch on the job block's runner: seeds its frontier (the start URL and,
 * as asked, its sitemaps; a batch's URLs), queues the pages, waits until none is left to fetch or in
 * flight, and ends the job (`completed`, or `cancelled` / `reason: credits` when it stopped early),
 * whose final callback the runner delivers. Run again after a crash, it seeds nothing twice and
 * queues again the pages still waiting.
 */
@Injectable()
export class CrawlJobWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CrawlJobWorker.name);
  private readonly runner: CallbackJobRunner<CrawlJobRequest, CrawlSummary, CrawlFailure>;

  constructor(
    @Inject(CRAWL_SETTINGS) private readonly settings: CrawlSettings,
    store: CrawlJobStore,
    private readonly frontier: CrawlFrontier,
    private readonly files: SiteFiles,
    private readonly links: LinkFilter,
    private readonly events: CrawlEvents,
    private readonly pages: PageQueue,
    sender: WebhookSender,
    private readonly clock: Clock,
    @Optional() private readonly queue?: JobQueue,
  ) {
    const secrets = settings.webhookSecrets;
    this.runner = new CallbackJobRunner({
      queues: { work: CRAWL_QUEUE, callback: CRAWL_CALLBACK_QUEUE },
      store,
      work: this.work(),
      sender,
      signingSecrets: secrets && ((accountId) => secrets.signingSecrets(accountId)),
      clock,
      concurrency: settings.crawlConcurrency,
      callbackRetry: settings,
      logger: this.logger,
    });
  }

  onModuleInit(): void {
    if (this.queue) this.runner.start(this.queue);
  }

  onApplicationShutdown(): void {
    this.runner.abort();
  }

  private work(): JobWork<CrawlJobRequest, CrawlSummary, CrawlFailure> {
    return {
      run: (job, { signal }) => this.follow(job, signal),
      isTransient: (error) => !(error instanceof QuarryError),
      failureOf: (error) =>
        error instanceof QuarryError
          ? { error: error.code, message: error.message }
          : { error: 'CRAWL_FAILED', message: 'The crawl failed unexpectedly.' },
    };
  }

  private async follow(job: CrawlJob, signal: AbortSignal): Promise<CrawlSummary> {
    await this.events.started(job);
    if (!(await this.frontier.state(job.id))?.stopReason) await this.seed(job);
    await this.pages.enqueue(job.id, await this.frontier.unsettled(job.id));
    let quietSince = this.clock.now().getTime();
    let settled = -1;
    for (;;) {
      const counts = await this.frontier.counts(job.id);
      if (counts.pending + counts.fetching === 0) break;
      const now = this.clock.now().getTime();
      const nowSettled = counts.completed + counts.failed + counts.dropped + counts.duplicate;
      if (nowSettled !== settled) {
        settled = nowSettled;
        quietSince = now;
      } else if (now - quietSince >= REQUEUE_WHEN_QUIET_MS) {
        quietSince = now;
        await this.pages.enqueue(job.id, await this.frontier.unsettled(job.id));
      }
      await sleep(this.settings.progressPollMs, undefined, { signal });
    }
    const reason = (await this.frontier.state(job.id))?.stopReason;
    return reason
      ? { status: reason === 'cancelled' ? 'cancelled' : 'completed', reason }
      : { status: 'completed' };
  }

  private async seed(job: CrawlJob): Promise<void> {
    const request = job.request;
    if (request.kind === 'batch') {
      const found = request.urls.map((url) => ({ key: urlKey(new URL(url)), url, depth: 0 }));
      await this.frontier.add(job.id, found);
      return;
    }
    const plan = new CrawlPlan(request);
    const seeds: FoundUrl[] = [];
    if (await this.links.allows(plan.start))
      seeds.push({ key: plan.keyOf(plan.start), url: plan.start.href, depth: 0 });
    // Sitemap pages count as one hop: with maxDepth 0 only the start URL is crawled, unless sitemaps are all that is asked.
    if (request.sitemap === 'only' || (request.sitemap === 'include' && request.maxDepth >= 1)) {
      for (const candidate of plan.candidates(await this.files.sitemapUrls(plan.start.origin)))
        if (await this.links.allows(new URL(candidate.url))) seeds.push({ ...candidate, depth: 1 });
    }
    await this.frontier.add(job.id, seeds);
  }
}
