import { Inject, Injectable, Optional } from '@nestjs/common';
import { Clock, IdGenerator, InvalidRequestError, NotFoundError, NotImplementedError } from '@quarry/core';
import { JobQueue } from '@quarry/queue';
import { enqueueJob, ownJob, type JobRecord } from '@quarry/jobs';
import { asInvalidRequest, NetError, netFailure, PublicUrlPolicy } from '@quarry/net';
import {
  type BatchScrapeRequest,
  type CrawlFailure,
  type CrawlEntry,
  type CrawlJobRequest,
  type CrawlProgress,
  type CrawlRequest,
  type CrawlResults,
  type CrawlStatus,
  type CrawlSummary,
  type CrawlView,
} from '../domain/crawl-request';
import { compilePathPatterns } from '../domain/path-patterns';
import { urlKey } from '../domain/url-key';
import { CrawlFrontier } from '../ports/crawl-frontier';
import { CrawlJobStore } from '../ports/crawl-job.store';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';
import { wants } from './crawl-events';
import { CRAWL_QUEUE } from './crawl-job-queues';

type CrawlJob = JobRecord<CrawlJobRequest, CrawlSummary, CrawlFailure>;
export type CrawlKind = CrawlJobRequest['kind'];

export const CRAWL_LIMITS = {
  defaultLimit: 100,
  maxLimit: 10_000,
  defaultMaxDepth: 3,
  maxDepth: 100,
  maxBatchUrls: 1000,
  /** Pages in one answer of `GET …/{jobId}`. */
  pagesPerResponse: 100,
};

const JOBS_NEED =
  'Crawls and batches need a JobQueue in the app: DatabaseQueueModule from @quarry/queue-db, or BullQueueModule from @quarry/queue-bull.';

/** Accepts crawls and batches, answers for their state and results, and cancels them; the work happens on the workers. */
@Injectable()
export class CrawlJobsService {
  constructor(
    @Inject(CRAWL_SETTINGS) private readonly settings: CrawlSettings,
    private readonly store: CrawlJobStore,
    private readonly frontier: CrawlFrontier,
    private readonly policy: PublicUrlPolicy,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Optional() private readonly queue?: JobQueue,
  ) {}

  /**
   * Queues a crawl of `request.url`. Throws `InvalidRequestError` for a URL or callback URL that is
   * not public, a limit out of range, or a path pattern that does not compile or could backtrack
   * without end; `ScrapeError` URL_NOT_FOUND when the host does not resolve; 402 when the balance
   * cannot pay one page. `apiKeyId`, when given, is the key its pages' charges are counted under.
   */
  async crawl(accountId: string, request: CrawlRequest, apiKeyId?: string): Promise<CrawlJob> {
    const limit = request.limit ?? CRAWL_LIMITS.defaultLimit;
    const maxDepth = request.maxDepth ?? CRAWL_LIMITS.defaultMaxDepth;
    if (!Number.isInteger(limit) || limit < 1 || limit > CRAWL_LIMITS.maxLimit)
      throw new InvalidRequestError(`limit must be a whole number from 1 to ${CRAWL_LIMITS.maxLimit}.`);
    if (!Number.isInteger(maxDepth) || maxDepth < 0 || maxDepth > CRAWL_LIMITS.maxDepth)
      throw new InvalidRequestError(`maxDepth must be a whole number from 0 to ${CRAWL_LIMITS.maxDepth}.`);
    const crawl: CrawlJobRequest = {
      kind: 'crawl',
      url: request.url,
      limit,
      maxDepth,
      includePaths: request.includePaths ?? [],
      excludePaths: request.excludePaths ?? [],
      crawlEntireDomain: request.crawlEntireDomain ?? false,
      allowSubdomains: request.allowSubdomains ?? false,
      ignoreQueryParameters: request.ignoreQueryParameters ?? false,
      sitemap: request.sitemap ?? 'include',
      scrapeOptions: request.scrapeOptions ?? {},
      callback: request.callback,
    };
    await this.policy.check(request.url).catch((error: unknown) => {
      throw error instanceof NetError && error.code === 'HOST_NOT_FOUND'
        ? netFailure(error, request.url)
        : asInvalidRequest(error, 'url');
    });
    compilePathPatterns(crawl.includePaths, 'includePaths');
    compilePathPatterns(crawl.excludePaths, 'excludePaths');
    return this.submit(accountId, apiKeyId, crawl, limit);
  }

  /**
   * Queues a scrape of each URL as one job (duplicates, as a crawl compares URLs, collapse). Throws
   * `InvalidRequestError` naming the first URL the public-URL policy refuses; each host is looked
   * up when its page is fetched. `apiKeyId`, when given, is the key its pages' charges are counted under.
   */
  async batch(accountId: string, request: BatchScrapeRequest, apiKeyId?: string): Promise<CrawlJob> {
    if (request.urls.length < 1 || request.urls.length > CRAWL_LIMITS.maxBatchUrls)
      throw new InvalidRequestError(`urls must hold 1 to ${CRAWL_LIMITS.maxBatchUrls} URLs.`);
    const byKey = new Map<string, string>();
    request.urls.forEach((url, index) => {
      let parsed: URL;
      try {
        parsed = this.policy.checkWithoutLookup(url);
      } catch (error) {
        throw asInvalidRequest(error, `urls.${index}`);
      }
      const key = urlKey(parsed);
      if (!byKey.has(key)) byKey.set(key, url);
    });
    const urls = [...byKey.values()];
    const batch: CrawlJobRequest = {
      kind: 'batch',
      urls,
      scrapeOptions: request.scrapeOptions ?? {},
      callback: request.callback,
    };
    return this.submit(accountId, apiKeyId, batch, urls.length);
  }

  /**
   * The crawl or batch (`kind`) with up to 100 of its recorded pages after `cursor`, for its owner
   * only: anyone else, and everyone once it expired, gets the 404 of an unknown id.
   */
  async status(accountId: string, kind: CrawlKind, jobId: string, cursor?: string): Promise<CrawlView> {
    return this.view(await this.own(accountId, kind, jobId), cursor);
  }

  /** Stops the job: no page starts after this; pages in flight finish and are charged. */
  async cancel(accountId: string, kind: CrawlKind, jobId: string): Promise<CrawlView> {
    const job = await this.own(accountId, kind, jobId);
    if (job.status === 'queued' || job.status === 'processing') await this.frontier.stop(job.id, 'cancelled');
    return this.view(job);
  }

  /** The account's unexpired crawls and batches, newest first, at most `limit`, for people looking at their history. */
  async recent(accountId: string, limit: number): Promise<CrawlEntry[]> {
    const jobs = await this.store.recentForAccount(accountId, limit, this.clock.now());
    return Promise.all(jobs.map((job) => this.entryOf(job)));
  }

  /** A crawl or batch of either kind as `recent` lists it, for its owner only (else the 404 of `status`). */
  async entry(accountId: string, jobId: string): Promise<CrawlEntry> {
    return this.entryOf(await this.own(accountId, undefined, jobId));
  }

  /** The pages `status` answers with, for a crawl or batch of either kind. */
  async results(accountId: string, jobId: string, cursor?: string): Promise<CrawlResults> {
    return this.resultsOf(await this.own(accountId, undefined, jobId), cursor);
  }

  /** The account's job of `kind` (any kind when undefined); anyone else's, or an expired one, is the 404 of an unknown id. */
  private async own(accountId: string, kind: CrawlKind | undefined, jobId: string): Promise<CrawlJob> {
    const job = await ownJob(this.store, accountId, jobId, this.clock.now());
    if (kind && job.request.kind !== kind) throw new NotFoundError('No such job.');
    return job;
  }

  private async submit(
    accountId: string,
    apiKeyId: string | undefined,
    request: CrawlJobRequest,
    pageLimit: number,
  ): Promise<CrawlJob> {
    const queue = this.queue;
    if (!queue) throw new NotImplementedError(JOBS_NEED);
    if (request.callback)
      await this.policy.checkDestination(request.callback.url).catch((error: unknown) => {
        throw asInvalidRequest(error, 'callbackUrl');
      });
    await this.settings.billing.requireBalance(accountId, this.settings.pagePrice);
    const now = this.clock.now();
    const finalCallback = wants(request, 'completed') || wants(request, 'failed');
    const job: CrawlJob = {
      id: this.ids.uuid(),
      accountId,
      apiKeyId,
      request,
      callback: finalCallback ? { url: request.callback!.url, token: request.callback!.token } : undefined,
      status: 'queued',
      progress: 0,
      attempts: 0,
      delivery: finalCallback ? { status: 'pending', attempts: 0 } : undefined,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.jobRetentionMs),
    };
    await this.frontier.purgeExpired(now);
    await this.frontier.createCrawl(job.id, { pageLimit, pagePrice: this.settings.pagePrice }, job.expiresAt);
    await enqueueJob(this.store, queue, job, { queue: CRAWL_QUEUE, attempts: 5, backoffMs: 5000 });
    return job;
  }

  private async view(job: CrawlJob, cursor?: string): Promise<CrawlView> {
    const [progress, results] = await Promise.all([this.progressOf(job), this.resultsOf(job, cursor)]);
    return { ...progress, ...results };
  }

  private async entryOf(job: CrawlJob): Promise<CrawlEntry> {
    const { request } = job;
    return {
      ...(await this.progressOf(job)),
      createdAt: job.createdAt,
      ...(request.kind === 'crawl' ? { url: request.url } : { urlCount: request.urls.length }),
    };
  }

  private async progressOf(job: CrawlJob): Promise<CrawlProgress> {
    const [state, counts] = await Promise.all([this.frontier.state(job.id), this.frontier.counts(job.id)]);
    const reason = state?.stopReason;
    return {
      jobId: job.id,
      kind: job.request.kind,
      status: statusOf(job, reason),
      total: counts.pending + counts.fetching + counts.completed + counts.failed + counts.dropped,
      completed: counts.completed,
      failed: counts.failed,
      creditsUsed: counts.completed * (state?.pagePrice ?? this.settings.pagePrice),
      expiresAt: job.expiresAt,
      ...(reason ? { reason } : {}),
      ...(job.error ? { error: job.error } : {}),
    };
  }

  private async resultsOf(job: CrawlJob, cursor?: string): Promise<CrawlResults> {
    const results = await this.frontier.results(job.id, cursor, CRAWL_LIMITS.pagesPerResponse);
    // A cancelled job still records the pages that were in flight until the job itself ends.
    const ended = job.status === 'completed' || job.status === 'failed';
    const more = results.pages.length === CRAWL_LIMITS.pagesPerResponse || !ended;
    return { pages: results.pages, ...(more ? { next: results.cursor } : {}) };
  }
}

function statusOf(job: CrawlJob, stopReason: string | undefined): CrawlStatus {
  if (job.status === 'failed') return 'failed';
  if (stopReason === 'cancelled') return 'cancelled';
  if (job.status === 'completed') return job.result?.status ?? 'completed';
  return job.status === 'processing' ? 'running' : 'queued';
}
