import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { Clock, LruMap, PaymentRequiredError, QuarryError, runPaid } from '@quarry/core';
import { DeferJobError, JobContext, JobQueue } from '@quarry/queue';
import { ScrapeService, type ScrapeOutcome } from '@quarry/scrape';
import { chunksOf } from '../chunks-of';
import { CrawlPlan } from '../domain/crawl-plan';
import type { CrawlJobRequest } from '../domain/crawl-request';
import { HostTurns } from '../discovery/host-turns';
import { LinkFilter } from '../discovery/link-filter';
import { SiteFiles } from '../discovery/site-files';
import { CrawlFrontier, type FrontierPage } from '../ports/crawl-frontier';
import { CrawlJobStore } from '../ports/crawl-job.store';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';
import { CrawlEvents } from './crawl-events';
import { CRAWL_PAGE_QUEUE, type CrawlPageMessage } from './crawl-job-queues';
import { FollowedLinks } from './followed-links';
import { PageQueue } from './page-queue';

/** The ledger operation a crawled or batch-scraped page is charged under. */
const PAGE_OPERATION = 'crawlPage';
/** How long a page waits in its worker for its host's turn; a turn further off defers it on the queue. */
const TURN_PATIENCE_MS = 1000;
/** Crawls whose job this process keeps at hand, the earliest read forgotten first. */
const KNOWN_JOBS = 1000;
/** A page's links followed in one go: the links of any usual page, one slice of a huge one. */
const LINKS_PER_TURN = 1000;
/** Links remembered as followed (about 200 bytes each): a whole 10,000-page crawl's and more, within about 10 MB. */
const FOLLOWED_LINKS = 50_000;

/** What a page needs of its crawl's job and price, which never change while the job lives. */
interface PageJob {
  id: string;
  accountId: string;
  apiKeyId?: string;
  request: CrawlJobRequest;
  /** What a crawl's request decides about the URLs its pages find (none for a batch). */
  plan?: CrawlPlan;
  expiresAt: Date;
  pagePrice: number;
  /** Set once this process saw the crawl stopped (for good): its other pages are dropped without a host turn. */
  stopped?: boolean;
}

/** A page as its queue message names it. */
type QueuedPage = Pick<FrontierPage, 'id' | 'url' | 'depth'>;

/**
 * Fetches one page of a crawl or batch, on any worker: waits for its host's turn (a moment in the
 * worker, else deferred on the queue, so the worker takes other pages meanwhile), holds its price,
 * scrapes it, adds the links it found to the frontier, is charged, and records it; a page of a
 * crawl that stopped is dropped unfetched. Run again after a crash, it fetches only a page not
 * recorded yet, and the charge, keyed by crawl and page, is taken once.
 */
@Injectable()
export class CrawlPageWorker implements OnModuleInit {
  private readonly logger = new Logger(CrawlPageWorker.name);
  private readonly jobs = new LruMap<string, PageJob>(KNOWN_JOBS);
  private readonly followedLinks = new FollowedLinks(FOLLOWED_LINKS);

  constructor(
    @Inject(CRAWL_SETTINGS) private readonly settings: CrawlSettings,
    private readonly store: CrawlJobStore,
    private readonly frontier: CrawlFrontier,
    private readonly turns: HostTurns,
    private readonly files: SiteFiles,
    private readonly scraper: ScrapeService,
    private readonly links: LinkFilter,
    private readonly events: CrawlEvents,
    private readonly pages: PageQueue,
    private readonly clock: Clock,
    @Optional() private readonly queue?: JobQueue,
  ) {}

  onModuleInit(): void {
    this.queue?.process<CrawlPageMessage>(CRAWL_PAGE_QUEUE, (job) => this.run(job), {
      concurrency: this.settings.pageConcurrency,
    });
  }

  private async run({ data: { crawlId, pageId, url, depth } }: JobContext<CrawlPageMessage>): Promise<void> {
    const job = await this.job(crawlId);
    if (!job) return;
    if (job.stopped) return this.frontier.drop(crawlId, pageId);
    const target = new URL(url);
    const turn = await this.turns.takeWithin(
      target,
      await this.files.robots(target.origin),
      TURN_PATIENCE_MS,
    );
    if (!turn.granted) throw new DeferJobError('Its host has had its share of requests.', turn.waitMs);
    // The slot is the request's: given back once the page is fetched, before its links are followed.
    let held = true;
    const release = async () => {
      if (held) {
        held = false;
        await this.turns.release(turn.slot);
      }
    };
    try {
      await this.fetch(job, { id: pageId, url, depth }, release);
    } finally {
      await release();
    }
  }

  /** The crawl's job and page price, read once per process while it lives. */
  private async job(crawlId: string): Promise<PageJob | undefined> {
    const now = this.clock.now();
    const known = this.jobs.get(crawlId);
    if (known && known.expiresAt > now) return known;
    const [record, state] = await Promise.all([this.store.get(crawlId, now), this.frontier.state(crawlId)]);
    if (!record || !state) return undefined;
    const { id, accountId, apiKeyId, request, expiresAt } = record;
    const plan = request.kind === 'crawl' ? new CrawlPlan(request) : undefined;
    const job = { id, accountId, apiKeyId, request, plan, expiresAt, pagePrice: state.pagePrice };
    this.jobs.set(crawlId, job);
    return job;
  }

  private async fetch(job: PageJob, page: QueuedPage, release: () => Promise<void>): Promise<void> {
    const work = {
      accountId: job.accountId,
      apiKeyId: job.apiKeyId,
      operation: PAGE_OPERATION,
      referenceId: `${job.id}:${page.id}`,
      price: job.pagePrice,
    };
    let wanted = false;
    let outcome: ScrapeOutcome | undefined;
    try {
      outcome = await runPaid(
        this.settings.billing,
        work,
        async () => {
          if (!(await this.frontier.claim(job.id, page.id))) return undefined;
          const scraped = await this.scraper
            .scrapeUnbilled({
              ...job.request.scrapeOptions,
              url: page.url,
              links: job.request.kind === 'crawl',
            })
            .finally(release);
          wanted = await this.follow(job, page, scraped);
          return scraped;
        },
        { wanted: () => wanted },
      );
    } catch (error) {
      if (error instanceof PaymentRequiredError) {
        job.stopped = true;
        await this.frontier.stop(job.id, 'credits');
        return this.frontier.drop(job.id, page.id);
      }
      if (!(error instanceof QuarryError))
        this.logger.error({ err: error, url: page.url }, 'A page failed unexpectedly');
      const failure =
        error instanceof QuarryError
          ? { error: error.code, message: error.message }
          : { error: 'SCRAPE_FAILED', message: 'The page could not be scraped.' };
      if (await this.frontier.record(job.id, page.id, { status: 'failed', ...failure }))
        await this.events.page(job, page.id);
      return;
    }
    // Not claimed: recorded already, or its crawl stopped (then dropped, unless it was already).
    if (!outcome) {
      if (!(await this.frontier.state(job.id))?.stopReason) return;
      job.stopped = true;
      return this.frontier.drop(job.id, page.id);
    }
    const recorded = await this.frontier.record(
      job.id,
      page.id,
      wanted ? { status: 'completed', result: outcome.result } : { status: 'duplicate' },
    );
    if (recorded && wanted) await this.events.page(job, page.id);
  }

  /**
   * Marks the page's canonical URL and the end of its redirects as seen; when one of them was seen
   * already, the page is a duplicate (false, and it costs nothing). Otherwise queues the links it
   * found, before the page is recorded, so a crash in between loses none.
   */
  private async follow(job: PageJob, page: QueuedPage, scraped: ScrapeOutcome): Promise<boolean> {
    const { plan } = job;
    if (!plan || !scraped.links) return true;
    const aliases = [
      plan.aliasKey(page.url, scraped.links.canonical),
      plan.aliasKey(page.url, scraped.result.finalUrl),
    ];
    for (const key of new Set(aliases.filter((alias): alias is string => alias !== undefined)))
      if (!(await this.frontier.alias(job.id, key, page.url))) return false;
    if (page.depth >= plan.request.maxDepth || plan.request.sitemap === 'only') return true;
    const links = this.followedLinks.unfollowed(job.id, scraped.links.links);
    // A page may hold hundreds of thousands of links: a turn of the event loop between slices.
    for (const slice of chunksOf(links, LINKS_PER_TURN)) {
      const candidates = [];
      for (const candidate of plan.candidates(slice))
        if (await this.links.allows(new URL(candidate.url)))
          candidates.push({ ...candidate, depth: page.depth + 1 });
      await this.pages.enqueue(job.id, await this.frontier.add(job.id, candidates));
      this.followedLinks.followed(job.id, slice);
      await nextTurn();
    }
    return true;
  }
}
