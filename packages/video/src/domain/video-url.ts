import type { VideoPlatformName, VideoRef } from './video';

/**
 * What a URL names, read from the URL alone: a video, or a short link whose video is known only
 * after following its redirects (TikTok's `vm.`, `vt.` and `/t/` links).
 */
export type RecognisedVideoUrl =
  { kind: 'video'; ref: VideoRef } | { kind: 'shortLink'; platform: VideoPlatformName; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const TIKTOK_ID = /^\d{1,20}$/;
const TIKTOK_SHORT_CODE = /^[A-Za-z0-9]{4,20}$/;
const INSTAGRAM_SHORTCODE = /^[A-Za-z0-9_-]{5,64}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const YOUTUBE_NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
const INSTAGRAM_HOSTS = new Set(['instagram.com', 'www.instagram.com', 'm.instagram.com']);
const TIKTOK_HOSTS = new Set(['tiktok.com', 'www.tiktok.com', 'm.tiktok.com']);
const TIKTOK_SHORT_HOSTS = new Set(['vm.tiktok.com', 'vt.tiktok.com']);

/** A host name as a pattern that matches it in any case, as URL hosts are. */
const anyCase = (host: string): string =>
  host.replace(/\./g, '\\.').replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);

/**
 * What a supported video URL starts with, as a pattern an API schema can state: http(s), then one
 * of the platforms' hosts (no user, no port). The path decides the rest, which only the recogniser knows.
 */
export const VIDEO_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://(?:${[
  ...YOUTUBE_HOSTS,
  ...YOUTUBE_NOCOOKIE_HOSTS,
  'youtu.be',
  ...INSTAGRAM_HOSTS,
  ...TIKTOK_HOSTS,
  ...TIKTOK_SHORT_HOSTS,
]
  .map(anyCase)
  .join('|')})\\.?(?:[/?#]|$)`;

/** Paths of youtube.com that carry the video id as their second segment. */
const YOUTUBE_ID_PATHS = new Set(['shorts', 'embed', 'live', 'v', 'e']);
const INSTAGRAM_POST_PATHS = new Set(['p', 'reel', 'reels', 'tv']);

/**
 * Recognises every common form of a YouTube, Instagram or TikTok video URL (docs/api.md §7) and
 * normalises it to the platform's own id; `null` for anything else (channels, profiles,
 * playlists, other hosts, look-alike hosts, other schemes). Hosts are matched exactly, so
 * `youtube.com.example.net` is not YouTube.
 */
export function recogniseVideoUrl(input: string): RecognisedVideoUrl | null {
  if (!URL.canParse(input.trim())) return null;
  const url = new URL(input.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.replace(/\.$/, '');
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (YOUTUBE_HOSTS.has(host)) return youtube(youtubeId(url, segments));
  if (YOUTUBE_NOCOOKIE_HOSTS.has(host)) return youtube(segments[0] === 'embed' ? segments[1] : undefined);
  if (host === 'youtu.be') return youtube(segments.length === 1 ? segments[0] : undefined);
  if (INSTAGRAM_HOSTS.has(host)) return instagram(instagramShortcode(segments));
  if (TIKTOK_HOSTS.has(host)) {
    if (segments[0] === 't' && segments.length === 2) return tiktokShortLink(segments[1], url);
    return tiktok(tiktokId(segments));
  }
  if (TIKTOK_SHORT_HOSTS.has(host)) return segments.length === 1 ? tiktokShortLink(segments[0], url) : null;
  return null;
}

function youtubeId(url: URL, segments: string[]): string | undefined {
  if (segments.length === 1 && segments[0] === 'watch') return url.searchParams.get('v') ?? undefined;
  if (segments.length === 2 && YOUTUBE_ID_PATHS.has(segments[0])) return segments[1];
  return undefined;
}

/** `/p/<code>`, `/reel/<code>`, `/reels/<code>`, `/tv/<code>`, optionally `/embed` after, or `/<user>/p|reel/<code>`. */
function instagramShortcode(segments: string[]): string | undefined {
  const [first, second, third, ...rest] = segments;
  if (INSTAGRAM_POST_PATHS.has(first) && (third === undefined || third === 'embed')) return second;
  if ((second === 'p' || second === 'reel') && third !== undefined && rest.length === 0) return third;
  return undefined;
}

/** `/@<user>/video/<id>`, `/embed/v2/<id>`, `/embed/<id>` or the old mobile `/v/<id>.html`. */
function tiktokId(segments: string[]): string | undefined {
  const [first, second, third] = segments;
  if (segments.length === 3 && first.startsWith('@') && second === 'video') return third;
  if (segments.length === 3 && first === 'embed' && second === 'v2') return third;
  if (segments.length === 2 && first === 'embed') return second;
  if (segments.length === 2 && first === 'v') return second.replace(/\.html$/, '');
  return undefined;
}

function youtube(id: string | undefined): RecognisedVideoUrl | null {
  // `/embed/videoseries?list=...` is a playlist whose name happens to have eleven letters.
  return id && YOUTUBE_ID.test(id) && id !== 'videoseries' ? video('youtube', id) : null;
}

function instagram(shortcode: string | undefined): RecognisedVideoUrl | null {
  return shortcode && INSTAGRAM_SHORTCODE.test(shortcode) ? video('instagram', shortcode) : null;
}

function tiktok(id: string | undefined): RecognisedVideoUrl | null {
  return id && TIKTOK_ID.test(id) ? video('tiktok', id) : null;
}

function tiktokShortLink(code: string, url: URL): RecognisedVideoUrl | null {
  return TIKTOK_SHORT_CODE.test(code) ? { kind: 'shortLink', platform: 'tiktok', url: url.href } : null;
}

function video(platform: VideoPlatformName, platformId: string): RecognisedVideoUrl {
  return { kind: 'video', ref: { platform, platformId } };
}
