import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { PublicUrlPolicy } from '@quarry/net';
import type { BrowserPoolOptions } from '../browser-options.interface';
import { BrowserError } from '../errors/browser.error';
import type { ProxyJournal } from '../proxy/proxy.journal';
import { abortable, within } from './abortable';
import { resolveBrowserOptions, type ResolvedBrowserOptions } from './browser-options.resolver';
import { BrowserSession } from './browser.session';
import { createPageJob, type PageWork, type WithPageOptions } from './page-job';
import { PageSlots } from './page.slots';
import { ReusableContext } from './reusable.context';

/** A context that does not close (or reset) in this time means a wedged browser: it is killed and replaced. */
const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;
/** A context kept for reuse is closed after this long without a job. */
const IDLE_CONTEXT_MS = 60_000;

export interface BrowserPoolStats {
  /** A browser is running (or connected) now. */
  launched: boolean;
  /** Process id of the current local browser; null when none runs or it is remote. */
  pid: number | null;
  /** Browsers alive, including one draining before a recycle. */
  browsers: number;
  /** Incognito contexts open across those browsers: one per running job, plus the idle ones. */
  openContexts: number;
  /** Contexts kept between jobs for reuse (closed after a minute unused). */
  idleContexts: number;
  /** Jobs holding a page slot (running or cleaning up). */
  activeJobs: number;
  /** Jobs waiting for a slot. */
  queuedJobs: number;
  /** Jobs the current browser has taken (recycled at jobsPerBrowser). */
  jobsOnBrowser: number;
  /** Browsers launched or connected since start. */
  launches: number;
  /** Requests the network policy refused across finished jobs. */
  blockedRequests: number;
  maxPages: number;
  maxQueue: number;
}

export interface BrowserHealth {
  /** `idle`: nothing launched yet (the browser starts on first use). */
  status: 'up' | 'idle' | 'down';
  /** The browser's product/version, when up. */
  version?: string;
  /** Why it is down. */
  error?: string;
  stats: BrowserPoolStats;
}

/**
 * Headless Chromium pages for jobs: launched on first use, at most `maxPages` at once with a
 * bounded queue, incognito contexts behind their own checking proxies (reused by up to
 * `jobsPerContext` jobs, cleared between them), a hard deadline, relaunch after a crash and
 * recycling after `jobsPerBrowser` jobs.
 */
export class BrowserPool implements OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPool.name);
  private readonly options: ResolvedBrowserOptions;
  private readonly slots: PageSlots;
  private readonly sessions = new Set<BrowserSession>();
  private readonly running = new Set<AbortController>();
  /** Contexts between jobs, each with the timer that closes it when unused. */
  private readonly idle = new Map<ReusableContext, NodeJS.Timeout>();
  private current?: BrowserSession;
  private launching?: Promise<BrowserSession>;
  private launches = 0;
  private blockedTotal = 0;
  private launchError?: string;
  private closing?: Promise<void>;

  constructor(
    private readonly policy: PublicUrlPolicy,
    options: BrowserPoolOptions = {},
  ) {
    this.options = resolveBrowserOptions(options);
    this.slots = new PageSlots(this.options.maxPages, this.options.maxQueue);
  }

  /**
   * Runs `work` on the page of an incognito context that holds nothing from earlier jobs (see
   * `jobsPerContext`) and resolves as soon as `work` is done; the page is cleaned up after that,
   * holding its slot. Rejects BUSY when the queue is full, TIMEOUT at the deadline (the context is
   * closed even if the page never yields), CRASHED when the browser dies mid-job, UNAVAILABLE
   * without Chromium or after shutdown; errors thrown by `work` itself pass through unchanged.
   */
  async withPage<T>(work: PageWork<T>, options: WithPageOptions = {}): Promise<T> {
    if (this.closing) throw new BrowserError('UNAVAILABLE', 'The browser pool is shut down.');
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs;
    if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}.`);
    const controller = new AbortController();
    const deadline = Date.now() + timeoutMs;
    const timer = setTimeout(
      () =>
        controller.abort(
          new BrowserError('TIMEOUT', `The browser job did not finish within ${timeoutMs} ms.`),
        ),
      timeoutMs,
    );
    this.running.add(controller);
    try {
      await this.slots.acquire(controller.signal);
      const outcome = new Promise<T>((resolve, reject) => {
        void this.runJob(work, controller, deadline, options, { resolve, reject }).finally(() =>
          this.slots.release(),
        );
      });
      return await abortable(outcome, controller.signal);
    } finally {
      clearTimeout(timer);
      this.running.delete(controller);
    }
  }

  /** The deadline of a job given no `timeoutMs`. */
  get defaultTimeoutMs(): number {
    return this.options.defaultTimeoutMs;
  }

  stats(): BrowserPoolStats {
    const live = [...this.sessions].filter((session) => session.live);
    const current = this.newestSession();
    return {
      launched: live.length > 0,
      pid: current?.pid ?? null,
      browsers: live.length,
      openContexts: live.reduce((sum, session) => sum + session.openContexts(), 0),
      idleContexts: this.idle.size,
      activeJobs: this.slots.active,
      queuedJobs: this.slots.queued,
      jobsOnBrowser: current?.jobs ?? 0,
      launches: this.launches,
      blockedRequests: this.blockedTotal,
      maxPages: this.options.maxPages,
      maxQueue: this.options.maxQueue,
    };
  }

  /** For health checks: asks a running browser for its version; never launches one. */
  async health(): Promise<BrowserHealth> {
    const stats = this.stats();
    if (this.closing) return { status: 'down', error: 'The browser pool is shut down.', stats };
    const session = this.newestSession();
    if (!session) {
      return this.launchError
        ? { status: 'down', error: this.launchError, stats }
        : { status: 'idle', stats };
    }
    try {
      const version = await within(
        session.browser.version(),
        2_000,
        () => new Error('The browser did not answer.'),
      );
      return { status: 'up', version, stats };
    } catch (error) {
      return { status: 'down', error: error instanceof Error ? error.message : String(error), stats };
    }
  }

  /** Fails queued and running jobs with UNAVAILABLE and closes every browser; idempotent. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** The browser taking new jobs, else the newest one still finishing its jobs. */
  private newestSession(): BrowserSession | undefined {
    if (this.current?.live) return this.current;
    return [...this.sessions].reverse().find((session) => session.live);
  }

  /** Runs one job, settles `outcome` as soon as `work` is done, then keeps or closes its context. */
  private async runJob<T>(
    work: PageWork<T>,
    controller: AbortController,
    deadline: number,
    options: WithPageOptions,
    outcome: { resolve(value: T): void; reject(error: unknown): void },
  ): Promise<void> {
    const { signal } = controller;
    let session: BrowserSession;
    try {
      session = await this.claimSession(signal);
    } catch (error) {
      return outcome.reject(error);
    }
    const onCrash = () => controller.abort(session.crashSignal.reason);
    session.crashSignal.addEventListener('abort', onCrash, { once: true });
    const opening = this.contextFor(session);
    let journal: ProxyJournal | undefined;
    try {
      const reusable = await abortable(opening, signal);
      // A looping page never answers CDP: close its context the moment the job is cut.
      signal.addEventListener('abort', () => void reusable.close().catch(() => undefined), { once: true });
      journal = reusable.startJob(() => controller.abort(new BrowserError('CRASHED', 'The page crashed.')));
      const { page } = reusable;
      page.setDefaultTimeout(Math.max(1, deadline - Date.now()));
      if (options.viewport) await abortable(page.setViewport(options.viewport), signal);
      const job = createPageJob(reusable.context, signal, deadline, journal);
      outcome.resolve(await abortable(work(page, job), signal));
    } catch (error) {
      outcome.reject(this.failure(error, signal, session));
    } finally {
      session.crashSignal.removeEventListener('abort', onCrash);
      if (journal) this.countBlocked(journal);
      await this.afterJob(opening, session, !signal.aborted);
      this.release(session);
    }
  }

  private countBlocked(journal: ProxyJournal): void {
    this.blockedTotal += journal.blocked;
    if (journal.blocked > 0) this.logger.debug(`Blocked ${journal.blocked} requests in one job.`);
  }

  private failure(error: unknown, signal: AbortSignal, session: BrowserSession): unknown {
    if (signal.aborted) return signal.reason;
    if (error instanceof BrowserError) return error;
    if (session.state === 'crashed') return session.crashSignal.reason;
    return error;
  }

  /** An idle context of `session` (others are closed on the way), else a new one. */
  private contextFor(session: BrowserSession): Promise<ReusableContext> {
    for (const reusable of [...this.idle.keys()].reverse()) {
      this.unpark(reusable);
      if (reusable.session === session) return Promise.resolve(reusable);
      void this.discard(reusable);
    }
    return ReusableContext.open(session, this.policy, this.options);
  }

  /**
   * After a job: its context is reset and kept for the next job unless the job was cut or crashed
   * (a result or an error of its own both count as ending normally), else closed.
   */
  private async afterJob(
    opening: Promise<ReusableContext>,
    session: BrowserSession,
    normalEnd: boolean,
  ): Promise<void> {
    const stuck = new Error('stuck');
    let reusable: ReusableContext;
    try {
      reusable = await within(opening, CONTEXT_CLOSE_TIMEOUT_MS, () => stuck);
    } catch (error) {
      // A context that failed to open cleaned up after itself; one still opening is closed when it opens.
      if (error !== stuck) return;
      void opening.then(
        (late) => this.discard(late),
        () => undefined,
      );
      if (session.live) {
        this.logger.warn('A browser context did not open in time; replacing the browser.');
        session.kill();
      }
      return;
    }
    const keep =
      normalEnd &&
      !this.closing &&
      reusable.session.state === 'ready' &&
      reusable.jobs < this.options.jobsPerContext &&
      (await within(reusable.reset(), CONTEXT_CLOSE_TIMEOUT_MS, () => stuck).catch(() => false));
    if (keep) this.park(reusable);
    else await this.discard(reusable);
  }

  private park(reusable: ReusableContext): void {
    const timer = setTimeout(() => {
      this.unpark(reusable);
      void this.discard(reusable);
    }, IDLE_CONTEXT_MS);
    timer.unref();
    this.idle.set(reusable, timer);
  }

  private unpark(reusable: ReusableContext): void {
    clearTimeout(this.idle.get(reusable));
    this.idle.delete(reusable);
  }

  /** Closes the idle contexts of `session`, or all of them. */
  private dropIdle(session?: BrowserSession): Promise<void[]> {
    const dropped = [...this.idle.keys()].filter((reusable) => !session || reusable.session === session);
    for (const reusable of dropped) this.unpark(reusable);
    return Promise.all(dropped.map((reusable) => this.discard(reusable)));
  }

  /** Closes a context; one that will not close means a wedged browser, which is killed. */
  private async discard(reusable: ReusableContext): Promise<void> {
    const stuck = new Error('stuck');
    try {
      await within(reusable.close(), CONTEXT_CLOSE_TIMEOUT_MS, () => stuck);
    } catch (error) {
      await reusable.closeProxy();
      if (error !== stuck || !reusable.session.live) return;
      this.logger.warn('A browser context did not close in time; replacing the browser.');
      reusable.session.kill();
    }
  }

  private async claimSession(signal: AbortSignal): Promise<BrowserSession> {
    for (;;) {
      const session = await abortable(this.readySession(), signal);
      if (session.state !== 'ready') continue;
      session.jobs += 1;
      session.active += 1;
      if (session.jobs >= this.options.jobsPerBrowser) {
        session.state = 'retiring';
        if (this.current === session) this.current = undefined;
      }
      return session;
    }
  }

  private release(session: BrowserSession): void {
    session.active -= 1;
    if (session.state === 'retiring' && session.active === 0) {
      this.logger.log(`Recycling the browser after ${session.jobs} jobs.`);
      void this.dropIdle(session)
        .then(() => session.close())
        .finally(() => this.sessions.delete(session));
    }
  }

  private readySession(): Promise<BrowserSession> {
    if (this.current?.state === 'ready') return Promise.resolve(this.current);
    this.launching ??= this.startSession().finally(() => (this.launching = undefined));
    return this.launching;
  }

  private async startSession(): Promise<BrowserSession> {
    if (this.closing) throw new BrowserError('UNAVAILABLE', 'The browser pool is shut down.');
    let session: BrowserSession;
    try {
      session = await BrowserSession.start(this.policy, this.options, (crashed) => this.onCrash(crashed));
    } catch (error) {
      this.launchError = error instanceof Error ? error.message : String(error);
      this.logger.error(this.launchError);
      throw error;
    }
    if (this.closing) {
      await session.close();
      throw new BrowserError('UNAVAILABLE', 'The browser pool is shut down.');
    }
    this.launchError = undefined;
    this.launches += 1;
    this.sessions.add(session);
    this.current = session;
    this.logger.log(
      session.remote ? 'Connected to the remote browser.' : `Launched Chromium (pid ${session.pid}).`,
    );
    return session;
  }

  private onCrash(session: BrowserSession): void {
    void this.dropIdle(session);
    this.sessions.delete(session);
    if (this.current === session) this.current = undefined;
    this.logger.warn('The browser crashed or disconnected; the next job starts a new one.');
  }

  private async shutdown(): Promise<void> {
    const error = new BrowserError('UNAVAILABLE', 'The browser pool is shutting down.');
    this.slots.failWaiting(error);
    for (const controller of this.running) controller.abort(error);
    await this.launching?.catch(() => undefined);
    await this.dropIdle();
    await Promise.all([...this.sessions].map((session) => session.close()));
    this.sessions.clear();
    this.current = undefined;
  }
}
