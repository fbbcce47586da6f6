import type { PublicUrlPolicy } from '@quarry/net';
import type { BrowserContext, CDPSession, Frame, Page, Target } from 'puppeteer-core';
import { CheckingProxy } from '../proxy/checking.proxy';
import type { ProxyJournal } from '../proxy/proxy.journal';
import type { ResolvedBrowserOptions } from './browser-options.resolver';
import { quietDialogs } from './quiet-dialogs';
import type { BrowserSession } from './browser.session';

/**
 * The page events a job may listen to; the page is reused only when the job removed its listeners
 * again. Not checked: `response`, `requestfinished` and `requestfailed`, which puppeteer listens to
 * itself for as long as it counts a request in flight (sometimes longer than the request lives).
 */
const PAGE_EVENTS = [
  'close',
  'console',
  'dialog',
  'domcontentloaded',
  'error',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'metrics',
  'pageerror',
  'popup',
  'request',
  'requestservedfromcache',
  'workercreated',
  'workerdestroyed',
] as const;

/**
 * An incognito context with one page (its dialogs dismissed, `print` a no-op: `quietDialogs`), behind
 * its own checking proxy, serving one job at a time
 * up to `jobsPerContext` jobs. Creating a context and a page (a renderer process) is most of the
 * cost of a simple job, so both are kept; what a job leaves behind is not. `reset` drops the job's
 * listeners, unloads its document, empties the page's history and `window.name`, and deletes every
 * cookie, the HTTP cache and the storage (local and session storage, IndexedDB, Cache Storage,
 * service workers, ...) of every origin the job's frames were at. After a job that was cut or
 * crashed, opened other pages (popups) or left listeners on the page, the context is closed instead.
 */
export class ReusableContext {
  jobs = 0;
  private openedPopup = false;
  private readonly origins = new Set<string>();
  private readonly idleListeners: Map<string, number>;
  private removeJobListeners = () => {};
  private closing?: Promise<void>;

  private constructor(
    readonly session: BrowserSession,
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly client: CDPSession,
    private readonly proxy: CheckingProxy,
  ) {
    this.idleListeners = new Map(PAGE_EVENTS.map((event) => [event, page.listenerCount(event)]));
  }

  /** Starts the context's proxy, creates the context behind it and opens its page. */
  static async open(
    session: BrowserSession,
    policy: PublicUrlPolicy,
    options: ResolvedBrowserOptions,
  ): Promise<ReusableContext> {
    const proxy = new CheckingProxy(policy, {
      host: options.proxyHost,
      advertisedHost: options.proxyAdvertisedHost,
    });
    let context: BrowserContext | undefined;
    try {
      await proxy.listen();
      context = await session.browser.createBrowserContext({
        proxyServer: proxy.url,
        proxyBypassList: ['<-loopback>'],
      });
      const page = await context.newPage();
      await page.setBypassServiceWorker(true);
      await quietDialogs(page);
      const client = await page.createCDPSession();
      return new ReusableContext(session, context, page, client, proxy);
    } catch (error) {
      await context?.close().catch(() => undefined);
      await proxy.close();
      throw error;
    }
  }

  /**
   * Starts a job on the page with a new proxy journal: records the origins its frames visit and
   * calls `onCrash` if the page crashes.
   */
  startJob(onCrash: () => void): ProxyJournal {
    this.jobs += 1;
    const onNavigated = (frame: Frame) => this.remember(frame.url());
    const onTarget = (target: Target) => this.closePopup(target);
    this.page.on('framenavigated', onNavigated).on('error', onCrash);
    this.context.on('targetcreated', onTarget);
    this.removeJobListeners = () => {
      this.page.off('framenavigated', onNavigated).off('error', onCrash);
      this.context.off('targetcreated', onTarget);
    };
    return this.proxy.startJournal();
  }

  /**
   * After a job that ended normally: true when the page is clean for the next job, false when the
   * context must be closed instead.
   */
  async reset(): Promise<boolean> {
    this.removeJobListeners();
    const leftListeners = PAGE_EVENTS.some(
      (event) => this.page.listenerCount(event) > (this.idleListeners.get(event) ?? 0),
    );
    if (this.openedPopup || leftListeners || (await this.context.pages()).length !== 1) return false;
    await this.page.goto('about:blank');
    await this.page.evaluate(`window.name = ''`);
    await this.client.send('Page.resetNavigationHistory');
    for (const origin of this.origins) {
      await this.client.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    await this.client.send('Network.clearBrowserCookies');
    await this.client.send('Network.clearBrowserCache');
    this.origins.clear();
    return true;
  }

  /** Closes the context (its page with it) and stops the proxy, cutting its open connections; idempotent. */
  close(): Promise<void> {
    this.closing ??= this.context.close().finally(() => this.proxy.close());
    return this.closing;
  }

  /** Stops the proxy alone, for a context whose browser is gone or was killed. */
  closeProxy(): Promise<void> {
    return this.proxy.close();
  }

  /**
   * Closes a page the job's page opened (`window.open`, `target=_blank`) as soon as it appears: a
   * popup takes the foreground from the job's page, so its rendering would stall. What the popup
   * may have stored is not tracked, so the context is not reused after it.
   */
  private closePopup(target: Target): void {
    if (target.type() !== 'page') return;
    this.openedPopup = true;
    void target
      .page()
      .then((popup) => (popup && popup !== this.page ? popup.close() : undefined))
      .catch(() => undefined);
  }

  private remember(url: string): void {
    if (!URL.canParse(url)) return;
    const { origin } = new URL(url);
    if (origin !== 'null') this.origins.add(origin);
  }
}
