import type { CaptionTrack, TranscriptSegment, VideoDetails, VideoRef } from '../../domain/video';
import { VideoError } from '../../domain/video.error';
import { VideoPlatform } from '../../ports/video-platform';
import { parseOrNull } from '../embedded-json';
import { platformStatusError } from '../platform-failure';
import type { PlatformHttp } from '../platform-http';
import { instagramDetails, type XigPolarisMedia } from './instagram-media';
import { embeddedPolarisMedia, lsdToken } from './instagram-post-page';
import { instagramMediaId } from './instagram-shortcode';

/** The `doc_id` of instagram.com's logged-out post query; Instagram rotates it now and then. */
export const INSTAGRAM_POST_DOC_ID = '27130156389949648';
const FRIENDLY_NAME = 'PolarisLoggedOutDesktopWWWPostRootContentQuery';
/** The web client's application id, sent as `X-IG-App-ID`. */
const WEB_APP_ID = '936619743392459';

/**
 * Instagram as a logged-out viewer gets it (the package README, "Platforms"): the post page for the
 * `lsd` token, then the logged-out post query of the GraphQL API; when that fails or says nothing
 * usable, the same media object embedded in the post page. Instagram has no captions: its videos
 * are always transcribed.
 */
export class InstagramPlatform extends VideoPlatform {
  readonly name = 'instagram';

  constructor(
    private readonly http: PlatformHttp,
    private readonly postDocId = INSTAGRAM_POST_DOC_ID,
  ) {
    super();
  }

  async details(ref: VideoRef, signal?: AbortSignal): Promise<VideoDetails> {
    const postUrl = `https://www.instagram.com/p/${encodeURIComponent(ref.platformId)}/`;
    const page = await this.http.request(postUrl, postUrl, { headers: { accept: 'text/html' }, signal });
    if (new URL(page.finalUrl).pathname.startsWith('/accounts/login')) {
      throw new VideoError('VIDEO_PRIVATE', 'Instagram asks to log in to see this post.', postUrl);
    }
    if (page.status >= 300) throw platformStatusError(page.status, 'The Instagram post page', postUrl);
    const html = page.text();
    const lsd = lsdToken(html);
    let polaris: XigPolarisMedia | null | undefined;
    let failure: VideoError | undefined;
    if (lsd !== null) {
      try {
        polaris = await this.query(ref.platformId, lsd, postUrl, signal);
      } catch (error) {
        if (!(error instanceof VideoError)) throw error;
        failure = error;
      }
    }
    polaris ??= embeddedPolarisMedia(html, ref.platformId);
    if (polaris === undefined) {
      throw (
        failure ??
        new VideoError(
          'PLATFORM_ERROR',
          "Neither Instagram's GraphQL API nor the post page gave the post.",
          postUrl,
        )
      );
    }
    return instagramDetails(ref.platformId, polaris, postUrl);
  }

  captions(track: CaptionTrack): Promise<TranscriptSegment[]> {
    return Promise.reject(new VideoError('NO_CAPTIONS', 'Instagram videos have no captions.', track.url));
  }

  downloadMedia(details: VideoDetails, file: string, signal?: AbortSignal): Promise<number> {
    return this.http.downloadMedia(details, file, signal);
  }

  /**
   * The post's `xig_polaris_media` from the logged-out post query: null when Instagram answers
   * that there is no such post, undefined when its answer carries no media object at all.
   */
  private async query(
    shortcode: string,
    lsd: string,
    postUrl: string,
    signal: AbortSignal | undefined,
  ): Promise<XigPolarisMedia | null | undefined> {
    const form = new URLSearchParams({
      lsd,
      fb_api_caller_class: 'RelayModern',
      fb_api_req_friendly_name: FRIENDLY_NAME,
      server_timestamps: 'true',
      variables: JSON.stringify({ media_id: instagramMediaId(shortcode) }),
      doc_id: this.postDocId,
    });
    const response = await this.http.request('https://www.instagram.com/api/graphql', postUrl, {
      method: 'POST',
      headers: {
        accept: '*/*',
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://www.instagram.com',
        referer: postUrl,
        'x-fb-friendly-name': FRIENDLY_NAME,
        'x-fb-lsd': lsd,
        'x-ig-app-id': WEB_APP_ID,
      },
      body: form.toString(),
      signal,
    });
    if (response.status >= 300)
      throw platformStatusError(response.status, "Instagram's GraphQL API", postUrl);
    const answer = parseOrNull(response.text()) as {
      data?: { xig_polaris_media?: XigPolarisMedia | null };
    } | null;
    const data = answer?.data;
    if (typeof data !== 'object' || data === null || !('xig_polaris_media' in data)) return undefined;
    return data.xig_polaris_media ?? null;
  }
}
