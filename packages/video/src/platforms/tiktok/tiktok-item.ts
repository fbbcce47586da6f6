import type { CaptionTrack, VideoDetails } from '../../domain/video';
import { VideoError } from '../../domain/video.error';
import { tiktokLanguageTag } from './tiktok-language';
import type { TikTokItem, TikTokVideoDetail } from './tiktok-video-page';

/** `statusCode`s of a video that exists but is not shown: a private video (10216), a private account (10222). */
const PRIVATE_STATUS_CODES = new Set([10216, 10222]);
/** Caption sources that are not the creator's: speech recognition and machine translation. */
const GENERATED_SOURCES = new Set(['ASR', 'MT']);

/**
 * The item of a video detail that holds a viewable video; otherwise throws the video error code of
 * docs/api.md §7: 10216 and 10222 are private, any other status (10204 "doesn't exist", removed,
 * banned) is not found, and an item without video flagged `isContentClassified` is age-gated.
 */
export function foundTikTokItem(detail: TikTokVideoDetail, videoUrl: string): TikTokItem {
  if (detail.statusCode === 0 && detail.item?.video) return detail.item;
  if (detail.statusCode === 0 && detail.item?.isContentClassified) {
    throw new VideoError('VIDEO_PRIVATE', 'TikTok shows this video to logged-in adults only.', videoUrl);
  }
  const said = `TikTok says ${detail.statusCode}${detail.statusMsg ? `: ${detail.statusMsg}` : ''}`;
  throw PRIVATE_STATUS_CODES.has(detail.statusCode)
    ? new VideoError('VIDEO_PRIVATE', said, videoUrl)
    : new VideoError('VIDEO_NOT_FOUND', said, videoUrl);
}

/** A found item's details; `pageUrl` is the video page as fetched, `mediaHeaders` what its media wants. */
export function tiktokDetails(
  videoId: string,
  item: TikTokItem,
  pageUrl: string,
  mediaHeaders: Record<string, string>,
): VideoDetails {
  const handle = item.author?.uniqueId || null;
  const video = item.video ?? {};
  const mediaUrl = video.playAddr || video.downloadAddr || null;
  const createTime = Number(item.createTime);
  return {
    ref: { platform: 'tiktok', platformId: videoId },
    finalUrl: handle ? `https://www.tiktok.com/@${handle}/video/${videoId}` : pageUrl,
    // TikTok videos have a description, not a title.
    title: null,
    description: item.desc?.trim() ? item.desc : null,
    author: {
      displayName: item.author?.nickname || null,
      handle,
      profileUrl: handle ? `https://www.tiktok.com/@${handle}` : null,
    },
    durationSeconds: video.duration && video.duration > 0 ? video.duration : null,
    thumbnailUrl: video.cover || null,
    publishedAt: createTime > 0 ? new Date(createTime * 1000).toISOString() : null,
    captionTracks: captionTracks(item),
    mediaUrl,
    mediaHeaders: mediaUrl ? mediaHeaders : {},
  };
}

/** The WebVTT tracks of `video.subtitleInfos`. */
function captionTracks(item: TikTokItem): CaptionTrack[] {
  return (item.video?.subtitleInfos ?? []).flatMap((info) => {
    if (!info.Url || !info.LanguageCodeName || (info.Format ?? 'webvtt').toLowerCase() !== 'webvtt')
      return [];
    return {
      languageCode: tiktokLanguageTag(info.LanguageCodeName),
      name: null,
      generated: GENERATED_SOURCES.has((info.Source ?? '').toUpperCase()),
      isDefault: false,
      needsToken: false,
      url: info.Url,
    };
  });
}
