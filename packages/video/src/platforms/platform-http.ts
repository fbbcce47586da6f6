import { NetError, type HttpResponse, type SafeHttpClient } from '@quarry/net';
import type { VideoDetails } from '../domain/video';
import { VideoError } from '../domain/video.error';
import { platformNetError, platformStatusError } from './platform-failure';
import type { PlatformOrigins } from './platform-origins';

export interface PlatformHttpSettings {
  /** Sent to every platform host unless a request sets its own (an app client's, say). */
  userAgent: string;
  /** Deadline of a page, API or caption request. */
  timeoutMs: number;
  /** Media bytes allowed on disk before a download fails. */
  maxMediaBytes: number;
  /** Longest pause in a media download. */
  mediaIdleTimeoutMs: number;
}

export interface PlatformRequestOptions {
  /** @default 'GET' */
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** @default 10 */
  maxRedirects?: number;
  signal?: AbortSignal;
}

/**
 * The adapters' one way to the platforms: through the public-URL policy of `client`, each hop
 * routed to the platform's replacement origin when one is configured, with a browser's headers.
 * Failures on the way become VideoErrors about the video.
 */
export class PlatformHttp {
  constructor(
    private readonly client: SafeHttpClient,
    private readonly origins: PlatformOrigins,
    private readonly settings: PlatformHttpSettings,
  ) {}

  /** Any status comes back to the caller, who knows what it means for its request. */
  async request(url: string, videoUrl: string, options: PlatformRequestOptions = {}): Promise<HttpResponse> {
    try {
      return await this.client.request(url, {
        ...options,
        headers: this.headers(options.headers),
        timeoutMs: this.settings.timeoutMs,
        route: this.origins.route,
      });
    } catch (error) {
      throw error instanceof NetError ? platformNetError(error, videoUrl) : error;
    }
  }

  /** Streams the video's media into `file` and returns the bytes written (see VideoPlatform). */
  async downloadMedia(details: VideoDetails, file: string, signal?: AbortSignal): Promise<number> {
    if (details.mediaUrl === null) {
      throw new VideoError('PLATFORM_ERROR', 'The platform gives no media for this video.', details.finalUrl);
    }
    const { maxMediaBytes, mediaIdleTimeoutMs } = this.settings;
    try {
      const download = await this.client.download(details.mediaUrl, file, {
        headers: this.headers(details.mediaHeaders),
        maxBytes: maxMediaBytes,
        idleTimeoutMs: mediaIdleTimeoutMs,
        signal,
        route: this.origins.route,
      });
      if (download.status < 200 || download.status > 299) {
        throw platformStatusError(download.status, 'The media host', details.finalUrl);
      }
      return download.bytes;
    } catch (error) {
      if (error instanceof NetError && error.code === 'TOO_LARGE') {
        throw new VideoError(
          'PLATFORM_ERROR',
          `The media is larger than ${maxMediaBytes} bytes.`,
          details.finalUrl,
        );
      }
      throw error instanceof NetError ? platformNetError(error, details.finalUrl) : error;
    }
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    await this.client.close();
  }

  private headers(custom: Record<string, string> = {}): Record<string, string> {
    return { 'user-agent': this.settings.userAgent, 'accept-language': 'en-US,en;q=0.9', ...custom };
  }
}
