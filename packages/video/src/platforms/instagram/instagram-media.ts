import type { VideoDetails } from '../../domain/video';
import { VideoError } from '../../domain/video.error';

/** `xig_polaris_media`: the post as a logged-out viewer may see it. */
export interface XigPolarisMedia {
  /** Empty or absent when the post is gated for logged-out viewers (a private account, an age gate). */
  if_not_gated_logged_out?: PolarisMedia | null;
}

/** The parts of a logged-out post the adapter reads. */
export interface PolarisMedia {
  pk?: string;
  code?: string;
  caption?: { text?: string } | null;
  user?: { username?: string; full_name?: string } | null;
  /** Unix seconds. */
  taken_at?: number;
  /** Seconds. */
  video_duration?: number | null;
  video_versions?: { url?: string; width?: number; height?: number }[] | null;
  image_versions2?: { candidates?: { url?: string; width?: number }[] } | null;
  /** The items of a carousel post; the first with a video stands for the post. */
  carousel_media?: PolarisMedia[] | null;
}

/**
 * A post's details from its `xig_polaris_media` (null: Instagram says there is no such post).
 * An empty `if_not_gated_logged_out` is VIDEO_PRIVATE; a post without `video_versions` (a photo)
 * is VIDEO_NOT_FOUND. Instagram has no captions, so there are never caption tracks.
 */
export function instagramDetails(
  shortcode: string,
  polaris: XigPolarisMedia | null,
  videoUrl: string,
): VideoDetails {
  if (polaris === null) throw new VideoError('VIDEO_NOT_FOUND', 'Instagram has no such post.', videoUrl);
  const post = polaris.if_not_gated_logged_out;
  if (!post || Object.keys(post).length === 0) {
    throw new VideoError('VIDEO_PRIVATE', 'Instagram shows this post to logged-in viewers only.', videoUrl);
  }
  const video = hasVideo(post) ? post : post.carousel_media?.find(hasVideo);
  const mediaUrl = video ? smallestVideo(video) : null;
  if (!video || mediaUrl === null) {
    throw new VideoError('VIDEO_NOT_FOUND', 'The Instagram post has no video.', videoUrl);
  }
  const username = post.user?.username || null;
  const duration = video.video_duration ?? 0;
  return {
    ref: { platform: 'instagram', platformId: shortcode },
    finalUrl: `https://www.instagram.com/p/${post.code || shortcode}/`,
    // Instagram posts have a caption, not a title.
    title: null,
    description: post.caption?.text?.trim() ? post.caption.text : null,
    author: {
      displayName: post.user?.full_name || null,
      handle: username,
      profileUrl: username ? `https://www.instagram.com/${username}/` : null,
    },
    durationSeconds: duration > 0 ? duration : null,
    thumbnailUrl: largestImage(video) ?? largestImage(post),
    publishedAt: post.taken_at && post.taken_at > 0 ? new Date(post.taken_at * 1000).toISOString() : null,
    captionTracks: [],
    mediaUrl,
    mediaHeaders: {},
  };
}

function hasVideo(media: PolarisMedia): boolean {
  return (media.video_versions ?? []).some((version) => version.url);
}

/** The smallest rendition: speech-to-text needs the sound, not the pixels. */
function smallestVideo(media: PolarisMedia): string | null {
  const versions = (media.video_versions ?? []).filter((version) => version.url);
  const area = (version: { width?: number; height?: number }) =>
    (version.width ?? Number.POSITIVE_INFINITY) * (version.height ?? 1);
  return (
    versions.reduce((best, version) => (area(version) < area(best) ? version : best), versions[0])?.url ??
    null
  );
}

function largestImage(media: PolarisMedia): string | null {
  const candidates = (media.image_versions2?.candidates ?? []).filter((candidate) => candidate.url);
  const best = candidates.reduce(
    (top, candidate) => ((candidate.width ?? 0) > (top.width ?? 0) ? candidate : top),
    candidates[0],
  );
  return best?.url ?? null;
}
