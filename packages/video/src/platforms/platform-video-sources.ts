import { VIDEO_PLATFORMS, type VideoPlatformName, type VideoRef } from '../domain/video';
import { VideoError } from '../domain/video.error';
import { recogniseVideoUrl } from '../domain/video-url';
import type { VideoPlatform } from '../ports/video-platform';
import { VideoSources } from '../ports/video-sources';
import { platformStatusError } from './platform-failure';
import type { PlatformHttp } from './platform-http';

const MAX_SHORT_LINK_HOPS = 10;

/**
 * The platforms Quarry reads, behind one door: URL recognition (`recogniseVideoUrl`), short
 * links followed hop by hop through the public-URL policy (and the replacement origins) until a
 * video URL appears, and one adapter per platform.
 */
export class PlatformVideoSources extends VideoSources {
  private readonly platforms: ReadonlyMap<VideoPlatformName, VideoPlatform>;

  constructor(
    private readonly http: PlatformHttp,
    platforms: VideoPlatform[],
  ) {
    super();
    this.platforms = new Map(platforms.map((platform) => [platform.name, platform]));
  }

  isSupported(url: string): boolean {
    return recogniseVideoUrl(url) !== null;
  }

  async resolve(url: string, signal?: AbortSignal): Promise<VideoRef> {
    const recognised = recogniseVideoUrl(url);
    if (recognised === null) {
      throw new VideoError(
        'UNSUPPORTED_URL',
        `Not a video URL of a supported platform (${VIDEO_PLATFORMS.join(', ')}).`,
        url,
      );
    }
    if (recognised.kind === 'video') return recognised.ref;
    return this.followShortLink(recognised.url, signal);
  }

  platform(name: VideoPlatformName): VideoPlatform {
    const platform = this.platforms.get(name);
    if (!platform) throw new Error(`No adapter for the platform ${name}.`);
    return platform;
  }

  /** Closes the connections of the platforms' HTTP client. */
  async close(): Promise<void> {
    await this.http.close();
  }

  /**
   * Follows a short link's redirects one request at a time and stops at the first Location that
   * is a video URL, so the video page itself is not fetched here. A link that ends anywhere else
   * (TikTok sends an expired one to its home page) names no video.
   */
  private async followShortLink(shortLink: string, signal: AbortSignal | undefined): Promise<VideoRef> {
    let current = shortLink;
    for (let hop = 0; hop < MAX_SHORT_LINK_HOPS; hop += 1) {
      const response = await this.http.request(current, shortLink, { maxRedirects: 0, signal });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || location === null) {
        if (response.status >= 400) throw platformStatusError(response.status, 'The short link', shortLink);
        throw new VideoError(
          'VIDEO_NOT_FOUND',
          `The short link leads to ${current}, which is not a video.`,
          shortLink,
        );
      }
      if (!URL.canParse(location, current)) {
        throw new VideoError('PLATFORM_ERROR', 'The short link redirects to an invalid URL.', shortLink);
      }
      current = new URL(location, current).href;
      const recognised = recogniseVideoUrl(current);
      if (recognised?.kind === 'video') return recognised.ref;
    }
    throw new VideoError(
      'PLATFORM_ERROR',
      `The short link redirects more than ${MAX_SHORT_LINK_HOPS} times.`,
      shortLink,
    );
  }
}
