import type { CaptionTrack, VideoAuthor, VideoDetails } from '../../domain/video';

/** The parts of a YouTube player response (player API or `ytInitialPlayerResponse`) the adapter reads. */
export interface YouTubePlayerResponse {
  playabilityStatus?: YouTubePlayabilityStatus;
  videoDetails?: {
    title?: string;
    lengthSeconds?: string;
    author?: string;
    channelId?: string;
    shortDescription?: string;
    thumbnail?: { thumbnails?: YouTubeThumbnail[] };
  };
  microformat?: {
    playerMicroformatRenderer?: {
      title?: YouTubeText;
      description?: YouTubeText;
      publishDate?: string;
      uploadDate?: string;
      ownerProfileUrl?: string;
      ownerChannelName?: string;
      thumbnail?: { thumbnails?: YouTubeThumbnail[] };
    };
  };
  captions?: {
    playerCaptionsTracklistRenderer?: {
      captionTracks?: YouTubeCaptionTrack[];
      audioTracks?: { defaultCaptionTrackIndex?: number }[];
      defaultAudioTrackIndex?: number;
    };
  };
  streamingData?: { formats?: YouTubeFormat[]; adaptiveFormats?: YouTubeFormat[] };
}

export interface YouTubePlayabilityStatus {
  status?: string;
  reason?: string;
  errorScreen?: { playerErrorMessageRenderer?: { subreason?: YouTubeText } };
}

interface YouTubeText {
  simpleText?: string;
  runs?: { text?: string }[];
}

interface YouTubeThumbnail {
  url?: string;
  width?: number;
}

interface YouTubeCaptionTrack {
  baseUrl?: string;
  languageCode?: string;
  kind?: string;
  name?: YouTubeText;
}

interface YouTubeFormat {
  /** Absent when the format is only given as a `signatureCipher` the service cannot sign. */
  url?: string;
  mimeType?: string;
  bitrate?: number;
  averageBitrate?: number;
}

/**
 * A video's details from the player API's response (`api`: playability, captions, streams) and
 * the watch page's own (`web`: what the app client leaves out, such as the microformat). Caption
 * tracks are the API's, or the page's when the API gives none: those need a proof-of-origin
 * token, so the video is reported blocked rather than without captions.
 */
export function youtubeDetails(
  videoId: string,
  api: YouTubePlayerResponse,
  web: YouTubePlayerResponse | null,
  mediaHeaders: Record<string, string>,
): VideoDetails {
  const details = api.videoDetails ?? web?.videoDetails ?? {};
  const microformat =
    api.microformat?.playerMicroformatRenderer ?? web?.microformat?.playerMicroformatRenderer ?? {};
  const apiTracks = captionTracks(api);
  const mediaUrl = audioUrl(api);
  const lengthSeconds = Number(details.lengthSeconds);
  return {
    ref: { platform: 'youtube', platformId: videoId },
    finalUrl: `https://www.youtube.com/watch?v=${videoId}`,
    title: nonEmpty(details.title ?? text(microformat.title)),
    description: nonEmpty(details.shortDescription ?? text(microformat.description)),
    author: author(
      details.author ?? microformat.ownerChannelName,
      microformat.ownerProfileUrl,
      details.channelId,
    ),
    durationSeconds: lengthSeconds > 0 ? lengthSeconds : null,
    thumbnailUrl: largest(details.thumbnail?.thumbnails ?? microformat.thumbnail?.thumbnails),
    publishedAt: isoDate(microformat.publishDate ?? microformat.uploadDate),
    captionTracks: apiTracks.length > 0 ? apiTracks : web ? captionTracks(web) : [],
    mediaUrl,
    mediaHeaders: mediaUrl ? mediaHeaders : {},
  };
}

function captionTracks(response: YouTubePlayerResponse): CaptionTrack[] {
  const renderer = response.captions?.playerCaptionsTracklistRenderer;
  const audio = renderer?.audioTracks?.[renderer.defaultAudioTrackIndex ?? 0];
  const defaultIndex = audio?.defaultCaptionTrackIndex;
  return (renderer?.captionTracks ?? []).flatMap((track, index) => {
    if (!track.baseUrl || !track.languageCode) return [];
    return {
      languageCode: track.languageCode,
      name: nonEmpty(text(track.name)),
      generated: track.kind === 'asr',
      isDefault: index === defaultIndex,
      needsToken: needsProofOfOrigin(track.baseUrl),
      url: track.baseUrl,
    };
  });
}

/** A `baseUrl` with `exp=xpe` answers only with a proof-of-origin (PO) token. */
function needsProofOfOrigin(baseUrl: string): boolean {
  return URL.canParse(baseUrl) && new URL(baseUrl).searchParams.getAll('exp').includes('xpe');
}

/**
 * The cheapest stream with a plain URL that speech-to-text can read: audio-only MP4, else any
 * audio-only, else a muxed format. Formats given only as a `signatureCipher` are not usable.
 */
function audioUrl(response: YouTubePlayerResponse): string | null {
  const plain = (formats: YouTubeFormat[] = []) => formats.filter((format) => format.url);
  const audio = plain(response.streamingData?.adaptiveFormats).filter((format) =>
    format.mimeType?.startsWith('audio/'),
  );
  const mp4 = audio.filter((format) => format.mimeType?.startsWith('audio/mp4'));
  const candidates = [mp4, audio, plain(response.streamingData?.formats)].find((list) => list.length > 0);
  const cheapest = candidates?.reduce((best, format) => (bitrate(format) < bitrate(best) ? format : best));
  return cheapest?.url ?? null;
}

function bitrate(format: YouTubeFormat): number {
  return format.averageBitrate ?? format.bitrate ?? Number.POSITIVE_INFINITY;
}

function author(
  displayName: string | undefined,
  ownerProfileUrl: string | undefined,
  channelId: string | undefined,
): VideoAuthor {
  const profile = ownerProfileUrl && URL.canParse(ownerProfileUrl) ? new URL(ownerProfileUrl) : null;
  // The microformat names the profile with http://; the public URL is https.
  if (profile) profile.protocol = 'https:';
  const handle = profile && /^\/@([^/]+)/.exec(profile.pathname)?.[1];
  return {
    displayName: nonEmpty(displayName),
    handle: handle ? safeDecode(handle) : null,
    profileUrl: profile?.href ?? (channelId ? `https://www.youtube.com/channel/${channelId}` : null),
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function largest(thumbnails: YouTubeThumbnail[] = []): string | null {
  const usable = thumbnails.filter((thumbnail) => thumbnail.url);
  const best = usable.reduce<YouTubeThumbnail | undefined>(
    (top, thumbnail) => (!top || (thumbnail.width ?? 0) > (top.width ?? 0) ? thumbnail : top),
    undefined,
  );
  return best?.url ?? null;
}

/** `2024-05-20` (a day: UTC midnight, as ECMAScript reads a bare date) or `2024-05-20T10:00:06-07:00`, as ISO 8601 UTC. */
function isoDate(value: string | undefined): string | null {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function text(value: YouTubeText | undefined): string | undefined {
  return value?.simpleText ?? value?.runs?.map((run) => run.text ?? '').join('');
}

function nonEmpty(value: string | undefined): string | null {
  return value?.trim() ? value : null;
}
