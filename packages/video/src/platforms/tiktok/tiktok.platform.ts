import type { HttpResponse } from '@quarry/net';
import type { CaptionTrack, TranscriptSegment, VideoDetails, VideoRef } from '../../domain/video';
import { VideoError } from '../../domain/video.error';
import { parseWebVtt } from '../../captions/webvtt';
import { VideoPlatform } from '../../ports/video-platform';
import { platformStatusError } from '../platform-failure';
import type { PlatformHttp } from '../platform-http';
import { foundTikTokItem, tiktokDetails } from './tiktok-item';
import { tiktokVideoDetail } from './tiktok-video-page';

/**
 * TikTok as yt-dlp reads it (the package README, "Platforms"): the video page's rehydration data
 * for status, metadata, WebVTT captions and the play address. The media is served only with the
 * cookies the page set and TikTok as referer, so those go with `mediaHeaders`.
 */
export class TikTokPlatform extends VideoPlatform {
  readonly name = 'tiktok';

  constructor(private readonly http: PlatformHttp) {
    super();
  }

  async details(ref: VideoRef, signal?: AbortSignal): Promise<VideoDetails> {
    // TikTok serves a video under any user name and points to the right one.
    const pageUrl = `https://www.tiktok.com/@_/video/${encodeURIComponent(ref.platformId)}`;
    const page = await this.http.request(pageUrl, pageUrl, { headers: { accept: 'text/html' }, signal });
    if (new URL(page.finalUrl).pathname.startsWith('/login')) {
      throw new VideoError('VIDEO_PRIVATE', 'TikTok asks to log in to see this video.', pageUrl);
    }
    if (page.status >= 300) throw platformStatusError(page.status, 'The TikTok video page', pageUrl);
    const detail = tiktokVideoDetail(page.text());
    if (detail === null) {
      throw new VideoError('PLATFORM_ERROR', 'The TikTok video page carries no video detail.', pageUrl);
    }
    const item = foundTikTokItem(detail, pageUrl);
    const cookie = sessionCookies(page);
    const mediaHeaders = { referer: 'https://www.tiktok.com/', ...(cookie ? { cookie } : {}) };
    return tiktokDetails(ref.platformId, item, page.finalUrl, mediaHeaders);
  }

  async captions(track: CaptionTrack, signal?: AbortSignal): Promise<TranscriptSegment[]> {
    const response = await this.http.request(track.url, track.url, { signal });
    if (response.status >= 300)
      throw platformStatusError(response.status, "TikTok's caption host", track.url);
    return parseWebVtt(response.text());
  }

  downloadMedia(details: VideoDetails, file: string, signal?: AbortSignal): Promise<number> {
    return this.http.downloadMedia(details, file, signal);
  }
}

/** The `name=value` of every cookie the page set, as a Cookie header. */
function sessionCookies(page: HttpResponse): string {
  return page.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0].trim())
    .filter((pair) => pair.includes('='))
    .join('; ');
}
