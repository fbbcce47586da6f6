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

const MAP_OPERATION = 'map';

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
   * the balance cannot pay.
   */
  async map(accountId: string, request: MapRequest): Promise<MapResult> {
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
      const found = [
        ...(await this.files.sitemapUrls(start.origin)),
        ...(await this.startLinks(request.url)),
      ];
      const links = this.distinct([start.href, ...found], scope);
      const ranked = request.search ? rankBySearch(links, request.search) : links;
      return { links: ranked.slice(0, limit) };
    });
  }

  /** The links of the start page; none when it cannot be read (the sitemaps may still list the site). */
  private async startLinks(url: string): Promise<string[]> {
    try {
      const { links } = await this.scraper.scrapeUnbilled({ url, links: true });
      return links?.links ?? [];
    } catch (error) {
      if (error instanceof ScrapeError) return [];
      throw error;
    }
  }

  private distinct(urls: string[], scope: CrawlScope): string[] {
    const byKey = new Map<string, string>();
    for (const text of urls) {
      let url: URL;
      try {
        url = this.policy.checkWithoutLookup(text);
      } catch {
        continue;
      }
      if (!scope.includes(url)) continue;
      const key = urlKey(url);
      if (!byKey.has(key)) byKey.set(key, withoutFragment(url));
    }
    return [...byKey.values()];
  }
}
