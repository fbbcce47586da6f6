import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { PublicUrlPolicy } from '@quarry/net';
import type { BrowserContext, Page } from 'puppeteer-core';
import type { BrowserPoolOptions } from '../browser-options.interface';
import { BrowserError } from '../errors/browser.error';
import { CheckingProxy } from '../proxy/checking.proxy';
import { guardRequests } from '../proxy/request.guard';
import { abortable, within } from './abortable';
import { resolveBrowserOptions, type ResolvedBrowserOptions } from './browser-options.resolver';
import { BrowserSession } from './browser.session';
import { createPageJob, type PageWork, type WithPageOptions } from './page-job';
import { PageSlots } from './page.slots';

/** A context that does not close in this time means a wedged browser: it is killed and replaced. */
const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;

export interface BrowserPoolStats {
  /** A browser is running (or connected) now. */
  launched: boolean;
  /** Process id of the current local browser; null when none runs or it is remote. */
  pid: number | null;
  /** Browsers alive, including one draining before a recycle. */
  browsers: number;
  /** Incognito contexts open across those browsers (one per running job). */
  openContexts: number;
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
 * bounded queue, one incognito context per job behind its own checking proxy, a hard deadline,
 * relaunch after a crash and recycling after `jobsPerBrowser` jobs.
 */
export class BrowserPool implements OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPool.name);
  private readonly options: ResolvedBrowserOptions;
  private readonly slots: PageSlots;
  private readonly sessions = new Set<BrowserSession>();
  private readonly running = new Set<AbortController>();
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
   * Runs `work` on a fresh page in its own incognito context, closed afterwards whatever happens.
   * Rejects BUSY when the queue is full, TIMEOUT at the deadline (the context is closed even if
   * the page never yields), CRASHED when the browser dies mid-job, UNAVAILABLE without Chromium
   * or after shutdown; errors thrown by `work` itself pass through unchanged.
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
      const job = this.runJob(work, controller, deadline, options).finally(() => this.slots.release());
      return await abortable(job, controller.signal);
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

  private async runJob<T>(
    work: PageWork<T>,
    controller: AbortController,
    deadline: number,
    options: WithPageOptions,
  ): Promise<T> {
    const { signal } = controller;
    const session = await this.claimSession(signal);
    const onCrash = () => controller.abort(session.crashSignal.reason);
    session.crashSignal.addEventListener('abort', onCrash, { once: true });
    const proxy = new CheckingProxy(this.policy, {
      host: this.options.proxyHost,
      advertisedHost: this.options.proxyAdvertisedHost,
    });
    let creating: Promise<BrowserContext> | undefined;
    let closing: Promise<void> | undefined;
    const closeOnce = (context: BrowserContext) => (closing ??= context.close());
    try {
      await abortable(proxy.listen(), signal);
      creating = session.browser.createBrowserContext({
        proxyServer: proxy.url,
        proxyBypassList: ['<-loopback>'],
      });
      const context = await abortable(creating, signal);
      // A looping page never answers CDP: close its context the moment the job is cut.
      signal.addEventListener('abort', () => void closeOnce(context).catch(() => undefined), { once: true });
      const page = await abortable(context.newPage(), signal);
      page.once('error', () => controller.abort(new BrowserError('CRASHED', 'The page crashed.')));
      await abortable(this.preparePage(page, proxy, deadline, options), signal);
      return await abortable(work(page, createPageJob(context, signal, deadline, proxy.journal)), signal);
    } catch (error) {
      throw this.failure(error, signal, session);
    } finally {
      session.crashSignal.removeEventListener('abort', onCrash);
      await this.closeContext(creating, closeOnce, session);
      await proxy.close();
      this.blockedTotal += proxy.journal.blocked;
      if (proxy.journal.blocked > 0)
        this.logger.debug(`Blocked ${proxy.journal.blocked} requests in one job.`);
      this.release(session);
    }
  }

  private async preparePage(
    page: Page,
    proxy: CheckingProxy,
    deadline: number,
    options: WithPageOptions,
  ): Promise<void> {
    page.setDefaultTimeout(Math.max(1, deadline - Date.now()));
    await page.setBypassServiceWorker(true);
    if (options.viewport) await page.setViewport(options.viewport);
    await guardRequests(page, this.policy, proxy.journal);
  }

  private failure(error: unknown, signal: AbortSignal, session: BrowserSession): unknown {
    if (signal.aborted) return signal.reason;
    if (error instanceof BrowserError) return error;
    if (session.state === 'crashed') return session.crashSignal.reason;
    return error;
  }

  /** Closes the job's context; one that will not close means a wedged browser, which is killed. */
  private async closeContext(
    creating: Promise<BrowserContext> | undefined,
    closeOnce: (context: BrowserContext) => Promise<void>,
    session: BrowserSession,
  ): Promise<void> {
    if (!creating || !session.live) return;
    const stuck = new Error('stuck');
    try {
      const context = await within(creating, CONTEXT_CLOSE_TIMEOUT_MS, () => stuck);
      await within(closeOnce(context), CONTEXT_CLOSE_TIMEOUT_MS, () => stuck);
    } catch (error) {
      if (error !== stuck || !session.live) return;
      this.logger.warn('A browser context did not close in time; replacing the browser.');
      session.kill();
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
      void session.close().finally(() => this.sessions.delete(session));
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
    this.sessions.delete(session);
    if (this.current === session) this.current = undefined;
    this.logger.warn('The browser crashed or disconnected; the next job starts a new one.');
  }

  private async shutdown(): Promise<void> {
    const error = new BrowserError('UNAVAILABLE', 'The browser pool is shutting down.');
    this.slots.failWaiting(error);
    for (const controller of this.running) controller.abort(error);
    await this.launching?.catch(() => undefined);
    await Promise.all([...this.sessions].map((session) => session.close()));
    this.sessions.clear();
    this.current = undefined;
  }
}
