import { Inject, Injectable } from '@nestjs/common';
import { IdGenerator, InvalidRequestError, runPaid } from '@quarry/core';
import { asInvalidRequest, NetError, netFailure, PublicUrlPolicy } from '@quarry/net';
import { ScrapeError, ScrapeService } from '@quarry/scrape';
import { SiteFiles } from '../discovery/site-files';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';
import { CrawlScope } from './crawl-scope';
import { rankBySearch } from './map-ranking';
import { MAP_LIMITS, MapRequest, MapResult } from './map-request';
import { urlKey, withoutFragment } from './url-key';

/** The ledger operation a map is charged under. */
export const MAP_OPERATION = 'map';

/**
 * Lists a site's URLs fast, without scraping them: its sitemaps and the links of its start page,
 * on its host (and subdomains when asked), each once, optionally ranked by a search term.
 * One paid call (`mapPrice`), charged once the list is made.
 */
@Injectable()
export class MapService {
  constructor(
    @Inject(CRAWL_SETTINGS) private readonly settings: CrawlSettings,
    private readonly policy: PublicUrlPolicy,
    private readonly files: SiteFiles,
    private readonly scraper: ScrapeService,
    private readonly ids: IdGenerator,
  ) {}

  /**
   * The site's URLs, the start URL first. Throws `InvalidRequestError` for a URL that is not public
   * or a limit out of range, `ScrapeError` URL_NOT_FOUND when its host does not resolve, 402 when
   * the balance cannot pay. `apiKeyId`, when given, is the key the charge is counted under.
   */
  async map(accountId: string, request: MapRequest, apiKeyId?: string): Promise<MapResult> {
    const limit = request.limit ?? MAP_LIMITS.defaultLimit;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAP_LIMITS.maxLimit)
      throw new InvalidRequestError(`limit must be a whole number from 1 to ${MAP_LIMITS.maxLimit}.`);
    const start = await this.policy.check(request.url).catch((error: unknown) => {
      throw error instanceof NetError && error.code === 'HOST_NOT_FOUND'
        ? netFailure(error, request.url)
        : asInvalidRequest(error, 'url');
    });
    const work = {
      accountId,
      apiKeyId,
      operation: MAP_OPERATION,
      referenceId: this.ids.uuid(),
      price: this.settings.mapPrice,
    };
    return runPaid(this.settings.billing, work, async () => {
      const scope = new CrawlScope(start, {
        crawlEntireDomain: true,
        allowSubdomains: request.includeSubdomains,
        includePaths: [],
        excludePaths: [],
      });
      const page = await this.startPage(request.url);
      const titles = new Map<string, string>();
      const titled = (url: string, title: string | null | undefined) => {
        const key = this.keyOf(url, scope);
        if (key && title && !titles.has(key)) titles.set(key, title);
      };
      titled(start.href, page.title);
      for (const [url, text] of Object.entries(page.texts)) titled(url, text);
      const found = [...(await this.files.sitemapUrls(start.origin)), ...page.links];
      const urls = this.distinct([start.href, ...found], scope);
      const ranked = request.search
        ? rankBySearch(
            urls.map(({ key, url }) => ({ url, title: titles.get(key) })),
            request.search,
          )
        : urls.map(({ url }) => url);
      return { links: ranked.slice(0, limit) };
    });
  }

  /**
   * The start page's title and links (with their anchor texts); none when it cannot be read (the
   * sitemaps may still list the site).
   */
  private async startPage(url: string): Promise<StartPage> {
    try {
      const { result, links } = await this.scraper.scrapeUnbilled({ url, links: true });
      return { title: result.title, links: links?.links ?? [], texts: links?.texts ?? {} };
    } catch (error) {
      if (error instanceof ScrapeError) return { title: null, links: [], texts: {} };
      throw error;
    }
  }

  /** The key of an in-scope public URL, as the map compares URLs; undefined for any other. */
  private keyOf(text: string, scope: CrawlScope): string | undefined {
    let url: URL;
    try {
      url = this.policy.checkWithoutLookup(text);
    } catch {
      return undefined;
    }
    return scope.includes(url) ? urlKey(url) : undefined;
  }

  /** The in-scope public URLs among `urls`, each once (the first spelling), with their keys. */
  private distinct(urls: string[], scope: CrawlScope): { key: string; url: string }[] {
    const byKey = new Map<string, string>();
    for (const text of urls) {
      const key = this.keyOf(text, scope);
      if (key && !byKey.has(key)) byKey.set(key, withoutFragment(new URL(text)));
    }
    return [...byKey].map(([key, url]) => ({ key, url }));
  }
}

interface StartPage {
  title: string | null;
  links: string[];
  texts: Record<string, string>;
}
