import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicUrlPolicy } from '@quarry/net';
import { connect, launch, type Browser } from 'puppeteer-core';
import { BrowserError } from '../errors/browser.error';
import { CheckingProxy } from '../proxy/checking.proxy';
import { within } from './abortable';
import type { ResolvedBrowserOptions } from './browser-options.resolver';
import { locateChromium } from './chromium.locator';
import { chromiumArgs } from './launch.args';
import { assertRemoteContained } from './remote-containment';

export const DEFAULT_VIEWPORT = { width: 1280, height: 800, deviceScaleFactor: 1 } as const;

const CLOSE_GRACE_MS = 5_000;

export type SessionState = 'ready' | 'retiring' | 'closing' | 'closed' | 'crashed';

/**
 * One launched (or connected) browser with what belongs to it: the checking proxy of its
 * `--proxy-server` flag, its temporary profile, and the count of jobs it has taken.
 */
export class BrowserSession {
  state: SessionState = 'ready';
  jobs = 0;
  active = 0;
  private readonly crashed = new AbortController();
  private closing?: Promise<void>;

  private constructor(
    readonly browser: Browser,
    private readonly proxy: CheckingProxy | undefined,
    private readonly userDataDir: string | undefined,
    onCrash: (session: BrowserSession) => void,
  ) {
    browser.on('disconnected', () => {
      if (this.state !== 'ready' && this.state !== 'retiring') return;
      this.state = 'crashed';
      this.crashed.abort(new BrowserError('CRASHED', 'The browser crashed or its connection was lost.'));
      void this.release();
      onCrash(this);
    });
  }

  static async start(
    policy: PublicUrlPolicy,
    options: ResolvedBrowserOptions,
    onCrash: (session: BrowserSession) => void,
  ): Promise<BrowserSession> {
    if (options.wsEndpoint) {
      const browser = await within(
        connect({ browserWSEndpoint: options.wsEndpoint, defaultViewport: DEFAULT_VIEWPORT }),
        options.launchTimeoutMs,
        () => new Error(`No answer from ${options.wsEndpoint} within ${options.launchTimeoutMs} ms.`),
      ).catch((error: unknown) => {
        throw new BrowserError('UNAVAILABLE', `Could not connect to the browser: ${messageOf(error)}`, {
          cause: error,
        });
      });
      await assertRemoteContained(browser).catch(async (error: unknown) => {
        await browser.disconnect();
        throw error;
      });
      return new BrowserSession(browser, undefined, undefined, onCrash);
    }
    const executablePath = locateChromium(options.chromiumPath);
    const proxy = new CheckingProxy(policy, {
      host: options.proxyHost,
      advertisedHost: options.proxyAdvertisedHost,
    });
    await proxy.listen();
    const userDataDir = await mkdtemp(join(tmpdir(), 'quarry-chromium-'));
    try {
      const browser = await launch({
        executablePath,
        headless: true,
        pipe: true,
        userDataDir,
        args: chromiumArgs(proxy.url, options.extraArgs),
        defaultViewport: DEFAULT_VIEWPORT,
        timeout: options.launchTimeoutMs,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      return new BrowserSession(browser, proxy, userDataDir, onCrash);
    } catch (error) {
      await proxy.close();
      await removeDir(userDataDir);
      throw new BrowserError(
        'UNAVAILABLE',
        `Chromium did not start (${executablePath}): ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  get pid(): number | null {
    return this.browser.process()?.pid ?? null;
  }

  get remote(): boolean {
    return this.proxy === undefined;
  }

  get live(): boolean {
    return this.state === 'ready' || this.state === 'retiring';
  }

  /** Aborts with CRASHED when the browser goes away without being closed. */
  get crashSignal(): AbortSignal {
    return this.crashed.signal;
  }

  openContexts(): number {
    if (!this.browser.connected) return 0;
    const fallback = this.browser.defaultBrowserContext();
    return this.browser.browserContexts().filter((context) => context !== fallback).length;
  }

  /** Closes the browser (a remote one is only disconnected) and removes what it left behind. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /** For a browser that stopped answering: kill it; the crash path cleans up. */
  kill(): void {
    if (this.remote) void this.browser.disconnect().catch(() => undefined);
    else killGroup(this.pid);
  }

  private async shutdown(): Promise<void> {
    if (this.live) this.state = 'closing';
    const closed = this.remote ? this.browser.disconnect() : this.browser.close();
    await within(closed, CLOSE_GRACE_MS, () => new Error('close timed out')).catch(() => undefined);
    await this.release();
    if (this.state === 'closing') this.state = 'closed';
  }

  /** Kills whatever of the process group is left, removes the profile, stops the proxy. */
  private async release(): Promise<void> {
    const child = this.browser.process();
    killGroup(child?.pid);
    if (child && child.exitCode === null && child.signalCode === null) {
      await within(
        new Promise((resolve) => child.once('exit', resolve)),
        CLOSE_GRACE_MS,
        () => new Error('no exit'),
      ).catch(() => undefined);
    }
    await this.proxy?.close();
    if (this.userDataDir) await removeDir(this.userDataDir);
  }
}

/** Chromium runs as its own process group (detached launch): renderers and zygote go with it. */
function killGroup(pid: number | null | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 }).catch(() => undefined);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
