import { startInstagramStandIn, type InstagramStandInOptions } from './instagram-stand-in';
import type { PlatformStandIn } from './stand-in-server';
import { startTikTokStandIn, type TikTokStandInOptions } from './tiktok-stand-in';
import { startYouTubeStandIn, type YouTubeStandInOptions } from './youtube-stand-in';

export interface PlatformStandInsOptions {
  youtube?: YouTubeStandInOptions;
  tiktok?: TikTokStandInOptions;
  instagram?: InstagramStandInOptions;
}

export interface PlatformStandIns {
  /** For `createVideoSources({ origins })` or `QUARRY_VIDEO_ORIGINS` (as JSON). */
  origins: { youtube?: string; tiktok?: string; instagram?: string };
  youtube?: PlatformStandIn;
  tiktok?: PlatformStandIn;
  instagram?: PlatformStandIn;
  close(): Promise<void>;
}

/**
 * One stand-in per platform given, each declaring its videos by id:
 *
 * ```ts
 * const standIns = await startPlatformStandIns({
 *   youtube: { videos: { dQw4w9WgXcQ: { title: 'Talk', captions: [{ languageCode: 'en', cues }] } } },
 *   tiktok: { videos: { '7301234567890123456': { media: { file: 'speech.mp4' } } } },
 * });
 * const sources = createVideoSources({ origins: standIns.origins });
 * ```
 */
export async function startPlatformStandIns(options: PlatformStandInsOptions): Promise<PlatformStandIns> {
  const [youtube, tiktok, instagram] = await Promise.all([
    options.youtube && startYouTubeStandIn(options.youtube),
    options.tiktok && startTikTokStandIn(options.tiktok),
    options.instagram && startInstagramStandIn(options.instagram),
  ]);
  return {
    origins: {
      ...(youtube ? { youtube: youtube.origin } : {}),
      ...(tiktok ? { tiktok: tiktok.origin } : {}),
      ...(instagram ? { instagram: instagram.origin } : {}),
    },
    youtube,
    tiktok,
    instagram,
    close: async () => {
      await Promise.all([youtube, tiktok, instagram].map((standIn) => standIn?.close()));
    },
  };
}
