import type { CaptionTrack, TranscriptSegment, VideoDetails, VideoRef } from '../../domain/video';
import { VideoError } from '../../domain/video.error';
import { parseYouTubeTimedText } from '../../captions/youtube-timed-text';
import { VideoPlatform } from '../../ports/video-platform';
import { parseOrNull } from '../embedded-json';
import { platformStatusError } from '../platform-failure';
import type { PlatformHttp } from '../platform-http';
import { playabilityError } from './youtube-playability';
import { youtubeDetails, type YouTubePlayerResponse } from './youtube-player-response';
import {
  consentCookie,
  initialPlayerResponse,
  innertubeApiKey,
  isBotCheckPage,
  isConsentPage,
} from './youtube-watch-page';

/** The app client the player API is asked as: its responses carry caption URLs and streams that need no token. */
const ANDROID_CLIENT = { clientName: 'ANDROID', clientVersion: '20.10.38' };
const ANDROID_USER_AGENT = `com.google.android.youtube/${ANDROID_CLIENT.clientVersion} (Linux; U; Android 14) gzip`;

/**
 * YouTube as youtube-transcript-api and yt-dlp read it (the package README, "Platforms"): the watch
 * page (answering the consent interstitial with its cookie) for `INNERTUBE_API_KEY` and
 * `ytInitialPlayerResponse`, then the player API as the ANDROID client for playability, captions
 * and streams.
 */
export class YouTubePlatform extends VideoPlatform {
  readonly name = 'youtube';

  constructor(private readonly http: PlatformHttp) {
    super();
  }

  async details(ref: VideoRef, signal?: AbortSignal): Promise<VideoDetails> {
    const videoUrl = `https://www.youtube.com/watch?v=${encodeURIComponent(ref.platformId)}`;
    const html = await this.watchPage(videoUrl, signal);
    const apiKey = innertubeApiKey(html);
    if (apiKey === null) {
      throw isBotCheckPage(html)
        ? new VideoError('PLATFORM_BLOCKED', 'YouTube answered the watch page with a bot check.', videoUrl)
        : new VideoError('PLATFORM_ERROR', 'The watch page carries no INNERTUBE_API_KEY.', videoUrl);
    }
    const player = await this.player(ref.platformId, apiKey, videoUrl, signal);
    const unplayable = playabilityError(player.playabilityStatus, videoUrl);
    if (unplayable) throw unplayable;
    // Streams handed to the app client are fetched as the app client.
    const mediaHeaders = { 'user-agent': ANDROID_USER_AGENT };
    return youtubeDetails(ref.platformId, player, initialPlayerResponse(html), mediaHeaders);
  }

  async captions(track: CaptionTrack, signal?: AbortSignal): Promise<TranscriptSegment[]> {
    if (track.needsToken) {
      throw new VideoError(
        'PLATFORM_BLOCKED',
        `The ${track.languageCode} captions need a proof-of-origin token the service does not have.`,
        track.url,
      );
    }
    const response = await this.http.request(track.url, track.url, { signal });
    if (response.status >= 300)
      throw platformStatusError(response.status, "YouTube's caption host", track.url);
    const body = response.text();
    if (body.trim() === '') {
      throw new VideoError(
        'PLATFORM_BLOCKED',
        'YouTube sent the captions empty, as it does when it wants a proof-of-origin token.',
        track.url,
      );
    }
    try {
      return parseYouTubeTimedText(body);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new VideoError('PLATFORM_ERROR', `YouTube's captions could not be read: ${reason}`, track.url);
    }
  }

  downloadMedia(details: VideoDetails, file: string, signal?: AbortSignal): Promise<number> {
    return this.http.downloadMedia(details, file, signal);
  }

  /** The watch page; a consent interstitial is answered with its cookie and the page fetched again. */
  private async watchPage(videoUrl: string, signal: AbortSignal | undefined): Promise<string> {
    const first = await this.page(videoUrl, {}, signal);
    if (!isConsentPage(first)) return first;
    const cookie = consentCookie(first);
    if (cookie === null) {
      throw new VideoError(
        'PLATFORM_BLOCKED',
        'YouTube asks for consent with a form that cannot be answered.',
        videoUrl,
      );
    }
    const second = await this.page(videoUrl, { cookie }, signal);
    if (isConsentPage(second)) {
      throw new VideoError('PLATFORM_BLOCKED', 'YouTube keeps asking for consent.', videoUrl);
    }
    return second;
  }

  private async page(videoUrl: string, headers: Record<string, string>, signal: AbortSignal | undefined) {
    const response = await this.http.request(videoUrl, videoUrl, {
      headers: { accept: 'text/html,application/xhtml+xml', ...headers },
      signal,
    });
    if (response.status >= 300) throw platformStatusError(response.status, 'The watch page', videoUrl);
    return response.text();
  }

  private async player(
    videoId: string,
    apiKey: string,
    videoUrl: string,
    signal: AbortSignal | undefined,
  ): Promise<YouTubePlayerResponse> {
    const response = await this.http.request(
      `https://www.youtube.com/youtubei/v1/player?key=${encodeURIComponent(apiKey)}`,
      videoUrl,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': ANDROID_USER_AGENT,
          'x-youtube-client-name': '3',
          'x-youtube-client-version': ANDROID_CLIENT.clientVersion,
        },
        body: JSON.stringify({ context: { client: ANDROID_CLIENT }, videoId }),
        signal,
      },
    );
    if (response.status >= 300) throw platformStatusError(response.status, "YouTube's player API", videoUrl);
    const player = parseOrNull(response.text());
    if (typeof player !== 'object' || player === null) {
      throw new VideoError('PLATFORM_ERROR', "YouTube's player API did not answer JSON.", videoUrl);
    }
    return player as YouTubePlayerResponse;
  }
}
