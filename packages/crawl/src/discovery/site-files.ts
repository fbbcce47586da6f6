import { gunzipSync } from 'node:zlib';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@quarry/core';
import { SafeHttpClient } from '@quarry/net';
import { RobotsRules } from '../domain/robots-rules';
import { HostTurns } from './host-turns';
import { readSitemap } from '../domain/sitemap-document';
import { CRAWL_SETTINGS, CrawlSettings } from '../crawl-options.interface';

/** robots.txt is read at most this far (RFC 9309 asks crawlers to read at least 500 KiB). */
const ROBOTS_MAX_BYTES = 512 * 1024;
/** A site's robots.txt is read again after this long. */
const ROBOTS_TTL_MS = 10 * 60 * 1000;
/** Sites whose robots.txt this process remembers. */
const ROBOTS_REMEMBERED = 1000;
const FETCH_TIMEOUT_MS = 15_000;

/**
 * A site's robots.txt and sitemaps, fetched through the SSRF-safe client (every redirect checked by
 * the public-URL policy) with their bodies and counts capped. robots.txt that cannot be read
 * (missing, an error) allows everything.
 */
@Injectable()
export class SiteFiles {
  private readonly logger = new Logger(SiteFiles.name);
  private readonly robotsByOrigin = new Map<string, { rules: Promise<RobotsRules>; at: number }>();

  constructor(
    @Inject(CRAWL_SETTINGS) private readonly settings: CrawlSettings,
    private readonly http: SafeHttpClient,
    private readonly clock: Clock,
    private readonly turns: HostTurns,
  ) {}

  /** The robots rules of `origin` (`https://host:port`), remembered for ten minutes. */
  robots(origin: string): Promise<RobotsRules> {
    const now = this.clock.now().getTime();
    const known = this.robotsByOrigin.get(origin);
    if (known && now - known.at < ROBOTS_TTL_MS) return known.rules;
    if (this.robotsByOrigin.size >= ROBOTS_REMEMBERED) this.robotsByOrigin.clear();
    const rules = this.fetchRobots(origin);
    this.robotsByOrigin.set(origin, { rules, at: now });
    return rules;
  }

  /**
   * The page URLs of the site's sitemaps: those robots.txt lists and `/sitemap.xml`, indexes
   * followed, gzipped ones unpacked; at most `maxSitemapUrls` URLs from `maxSitemaps` documents.
   */
  async sitemapUrls(origin: string, maxUrls = this.settings.maxSitemapUrls): Promise<string[]> {
    const robots = await this.robots(origin);
    const queue = [...new Set([...robots.sitemaps, `${origin}/sitemap.xml`])];
    const read = new Set<string>();
    const urls = new Set<string>();
    while (queue.length > 0 && read.size < this.settings.maxSitemaps && urls.size < maxUrls) {
      const location = queue.shift()!;
      if (read.has(location)) continue;
      read.add(location);
      const text = await this.fetchSitemap(location, sameOrigin(location, origin) ? robots : undefined);
      if (text === undefined) continue;
      const document = readSitemap(text, maxUrls - urls.size);
      if (document.kind === 'index') queue.push(...document.locations);
      else for (const url of document.locations) urls.add(url);
    }
    return [...urls];
  }

  private async fetchRobots(origin: string): Promise<RobotsRules> {
    const text = await this.fetchText(`${origin}/robots.txt`, ROBOTS_MAX_BYTES);
    return text === undefined ? RobotsRules.ALLOW_ALL : RobotsRules.parse(text);
  }

  private async fetchSitemap(url: string, robots?: RobotsRules): Promise<string | undefined> {
    const body = await this.fetchBody(url, this.settings.maxSitemapBytes, robots);
    if (!body) return undefined;
    if (body[0] !== 0x1f || body[1] !== 0x8b) return body.toString('utf8');
    try {
      return gunzipSync(body, { maxOutputLength: this.settings.maxSitemapBytes }).toString('utf8');
    } catch (error) {
      this.logger.warn({ err: error, url }, 'A gzipped sitemap could not be unpacked within its size cap');
      return undefined;
    }
  }

  private async fetchText(url: string, maxBytes: number): Promise<string | undefined> {
    return (await this.fetchBody(url, maxBytes))?.toString('utf8');
  }

  /**
   * The body of a 2xx answer, or undefined for any other answer or failure (logged); fetched in a
   * turn of its host, spaced as its site's `robots` asks when known.
   */
  private async fetchBody(url: string, maxBytes: number, robots?: RobotsRules): Promise<Buffer | undefined> {
    try {
      const response = await this.turns.run(new URL(url), robots, () =>
        this.http.request(url, { timeoutMs: FETCH_TIMEOUT_MS, maxBytes, maxRedirects: 5 }),
      );
      return response.status >= 200 && response.status < 300 ? response.body : undefined;
    } catch (error) {
      this.logger.debug({ err: error, url }, 'A site file could not be fetched');
      return undefined;
    }
  }
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
