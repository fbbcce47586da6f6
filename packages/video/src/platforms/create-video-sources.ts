import { PublicUrlPolicy, SafeHttpClient, type HostLookup } from '@quarry/net';
import { InstagramPlatform, INSTAGRAM_POST_DOC_ID } from './instagram/instagram.platform';
import { PlatformHttp } from './platform-http';
import { PlatformOrigins, type VideoOrigins } from './platform-origins';
import { PlatformVideoSources } from './platform-video-sources';
import { TikTokPlatform } from './tiktok/tiktok.platform';
import { YouTubePlatform } from './youtube/youtube.platform';

export interface VideoSourcesOptions {
  /** `QUARRY_VIDEO_ORIGINS`: per platform, an origin that answers in its place. @default {} */
  origins?: VideoOrigins;
  /** User-Agent of page and caption requests (the YouTube player API is called as its app). @default a desktop Chrome */
  userAgent?: string;
  /** Deadline of each page, API and caption request. @default 30000 */
  timeoutMs?: number;
  /** Media bytes allowed on disk. @default 1073741824 (1 GiB) */
  maxMediaBytes?: number;
  /** Longest pause while media downloads. @default 60000 */
  mediaIdleTimeoutMs?: number;
  /** `doc_id` of Instagram's logged-out post query, for when Instagram rotates it. */
  instagramPostDocId?: string;
  /** Resolves host names; tests point names at fixture addresses. @default dns.lookup (all addresses) */
  lookup?: HostLookup;
}

export const DEFAULT_VIDEO_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * The video sources with their own HTTP client, whose public-URL policy lets exactly the
 * replacement origins' `host:port` through (so a stand-in on 127.0.0.1 is reachable) and no other
 * private address. Close it with `close()` when the host shuts down.
 */
export function createVideoSources(options: VideoSourcesOptions = {}): PlatformVideoSources {
  const origins = new PlatformOrigins(options.origins);
  const policy = new PublicUrlPolicy({ allowHosts: origins.allowHosts, lookup: options.lookup });
  const http = new PlatformHttp(new SafeHttpClient(policy), origins, {
    userAgent: options.userAgent ?? DEFAULT_VIDEO_USER_AGENT,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxMediaBytes: options.maxMediaBytes ?? 1024 * 1024 * 1024,
    mediaIdleTimeoutMs: options.mediaIdleTimeoutMs ?? 60_000,
  });
  return new PlatformVideoSources(http, [
    new YouTubePlatform(http),
    new TikTokPlatform(http),
    new InstagramPlatform(http, options.instagramPostDocId ?? INSTAGRAM_POST_DOC_ID),
  ]);
}
