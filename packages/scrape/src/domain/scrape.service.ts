import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, IdGenerator, runPaid } from '@quarry/core';
import {
  asInvalidRequest,
  NetError,
  netFailure,
  originStatusFailure,
  PublicUrlPolicy,
  SafeHttpClient,
} from '@quarry/net';
import { readPage } from '../content/read-page';
import { PageContent } from '../content/page-content';
import { PageReader } from '../content/page-reader';
import { BrowserTier } from '../ports/browser-tier';
import { CachedScrape, ScrapeCache } from '../ports/scrape-cache';
import { SCRAPE_SETTINGS, ScrapeSettings } from '../scrape-options.interface';
import { cacheKeyOf } from './cache-key';
import { type PageLinks } from '@quarry/extract';
import {
  PageExtras,
  PageText,
  PageTextRequest,
  ScrapeOutcome,
  ScrapeRequest,
  ScrapeTier,
} from './scrape-result';
import { ScrapeError } from './scrape.error';

/** A fresh scrape as the callers of one flight share it: what is cached, and the text and links asked for. */
type FreshResult = CachedScrape & Pick<ScrapeOutcome, 'text' | 'links'>;

interface FreshScrape {
  content: PageContent;
  finalUrl: string;
  tier: ScrapeTier;
}

/** The ledger operation sync scrapes are charged under. */
export const SCRAPE_OPERATION = 'scrape';

/**
 * Turns a public URL into its readable content: from the cache when it can, otherwise a plain HTTP
 * fetch, and headless Chromium when the request asks for waiting or the page is a script shell.
 * Identical uncached requests running at the same time share one origin fetch. Each scrape is paid
 * through the module's `billing`, whoever calls it.
 */
@Injectable()
export class ScrapeService {
  private readonly logger = new Logger(ScrapeService.name);
  private readonly inFlight = new Map<string, Promise<FreshResult>>();

  constructor(
    @Inject(SCRAPE_SETTINGS) private readonly options: ScrapeSettings,
    private readonly policy: PublicUrlPolicy,
    private readonly http: SafeHttpClient,
    private readonly browser: BrowserTier,
    private readonly cache: ScrapeCache,
    private readonly clock: Clock,
    private readonly reader: PageReader,
    private readonly ids: IdGenerator,
  ) {}

  /**
   * Scrapes for `accountId`, which pays the module's `price` once the scrape succeeded, cached or
   * not; a fetch holds the price before it starts, so an account that cannot pay gets
   * `PaymentRequiredError` before the page is fetched, and a failure costs nothing. Throws
   * `InvalidRequestError` for a URL that is not public http(s), `ScrapeError` when the scrape fails.
   * `apiKeyId`, when given, is the key the charge is counted under.
   */
  async scrape(accountId: string, request: ScrapeRequest, apiKeyId?: string): Promise<ScrapeOutcome> {
    const { billing, price } = this.options;
    const work = { accountId, apiKeyId, operation: SCRAPE_OPERATION, referenceId: this.ids.uuid(), price };
    // A cached result is a read, paid by the one charge after it.
    return runPaid(billing, work, (hold) => this.read(request, hold), { holdWhenAsked: true });
  }

  /**
   * A scrape that charges nothing, for Quarry packages that bill it as their own work (async jobs,
   * monitor checks); hosts call `scrape`, and pass `FreeBilling` to make it free.
   */
  scrapeUnbilled(request: ScrapeRequest): Promise<ScrapeOutcome> {
    return this.read(request);
  }

  /** `beforeFetch` runs when the result is not served from the cache, before the page is fetched. */
  private async read(request: ScrapeRequest, beforeFetch?: () => Promise<void>): Promise<ScrapeOutcome> {
    let target: URL;
    try {
      target = this.policy.checkWithoutLookup(request.url);
    } catch (error) {
      throw asInvalidRequest(error);
    }
    const key = cacheKeyOf(target);
    const wantsBrowser = request.waitForSelector !== undefined || request.extraWaitMs !== undefined;
    if (!request.forceFresh && !request.text && !request.links) {
      const cached = await this.cache.get(key);
      if (cached && (!wantsBrowser || cached.tier === 'browser')) {
        return { result: { ...cached.result, url: request.url, cached: true }, tier: cached.tier };
      }
    }
    // A cached answer needs no connection; a fetch needs the host to resolve to public addresses only.
    await this.policy.check(request.url).catch((error: unknown) => {
      throw error instanceof NetError && error.code === 'HOST_NOT_FOUND'
        ? netFailure(error, request.url)
        : asInvalidRequest(error);
    });
    await beforeFetch?.();
    const fresh = await this.coalesced(
      JSON.stringify([key, request.waitForSelector, request.extraWaitMs, request.text, request.links]),
      () => this.fetchAndCache(key, target, request),
    );
    return {
      result: { ...fresh.result, url: request.url, cached: false },
      tier: fresh.tier,
      ...(fresh.text ? { text: fresh.text } : {}),
      ...(fresh.links ? { links: fresh.links } : {}),
    };
  }

  /** Forgets the cached result of `url`, if any. */
  async invalidate(url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = this.policy.parse(url);
    } catch (error) {
      throw asInvalidRequest(error);
    }
    await this.cache.delete(cacheKeyOf(parsed));
  }

  private coalesced(flightKey: string, work: () => Promise<FreshResult>): Promise<FreshResult> {
    let flight = this.inFlight.get(flightKey);
    if (!flight) {
      flight = work().finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, flight);
    }
    return flight;
  }

  /** The fresh result, cached without the `text` and `links` asked for. */
  private async fetchAndCache(key: string, target: URL, request: ScrapeRequest): Promise<FreshResult> {
    const fetchedAt = this.clock.now().toISOString();
    const deadline = Date.now() + (request.timeoutMs ?? this.options.defaultTimeoutMs);
    const { content, finalUrl, tier } = await this.fetchFresh(target, request, deadline);
    const scraped: CachedScrape = {
      result: {
        finalUrl,
        title: content.title,
        markdown: content.markdown,
        html: content.html,
        contentLength: content.markdown.length,
        fetchedAt,
      },
      tier,
    };
    await this.cache
      .set(key, scraped, this.options.cacheTtlMs)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, url: key }, 'Could not cache a scrape result'),
      );
    return {
      ...scraped,
      ...(request.text ? { text: content.text ?? textOfContent(request.text, content) } : {}),
      ...(request.links ? { links: content.links ?? NO_LINKS } : {}),
    };
  }

  private async fetchFresh(target: URL, request: ScrapeRequest, deadline: number): Promise<FreshScrape> {
    if (request.waitForSelector !== undefined || request.extraWaitMs !== undefined)
      return this.render(target, request, deadline);
    const response = await this.http
      .request(target.href, {
        timeoutMs: remaining(deadline, request.url),
        maxBytes: this.options.maxBodyBytes,
        headers: { accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9,text/*;q=0.8,*/*;q=0.5' },
      })
      .catch((error: unknown) => {
        throw error instanceof NetError ? netFailure(error, request.url) : error;
      });
    if (response.status >= 400) throw originStatusFailure(response.status, request.url);
    const reading = await readPage(response, request.url, this.reader, deadline, extrasOf(request));
    if (reading.kind === 'script-shell') return this.render(target, request, deadline);
    return { content: reading.content, finalUrl: response.finalUrl, tier: 'http' };
  }

  private async render(target: URL, request: ScrapeRequest, deadline: number): Promise<FreshScrape> {
    const page = await this.browser.render(
      target.href,
      {
        timeoutMs: remaining(deadline, request.url),
        waitForSelector: request.waitForSelector,
        extraWaitMs: request.extraWaitMs,
      },
      request.url,
    );
    if (page.status !== null && page.status >= 400) throw originStatusFailure(page.status, request.url);
    const reading = await this.reader.html(
      page.html,
      page.finalUrl,
      request.url,
      false,
      deadline,
      extrasOf(request),
    );
    if (reading.kind !== 'content')
      throw new ScrapeError('UNREADABLE_CONTENT', 'The page has no readable content.', request.url);
    return { content: reading.content, finalUrl: page.finalUrl, tier: 'browser' };
  }
}

/** The links of a page that is not HTML (PDF, plain text). */
const NO_LINKS: PageLinks = { links: [], canonical: null, texts: {} };

/** A page that is not HTML (PDF, plain text) has no elements: its whole text is its Markdown, and no selector matches. */
function textOfContent(request: PageTextRequest, content: PageContent): PageText {
  return request.scope === 'page' ? { text: content.markdown, matched: 1 } : { text: '', matched: 0 };
}

function remaining(deadline: number, url: string): number {
  const left = deadline - Date.now();
  if (left <= 0) throw new ScrapeError('TIMEOUT', 'The page did not arrive within timeoutMs.', url);
  return left;
}

/** What the reading thread reads besides the main content. */
function extrasOf(request: ScrapeRequest): PageExtras {
  return { text: request.text, links: request.links };
}
