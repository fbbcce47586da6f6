import type { ServerResponse } from 'node:http';
import {
  escapeHtml,
  scriptJson,
  sendHtml,
  sendJson,
  sendMedia,
  sendRedirect,
  startStandIn,
  type PlatformStandIn,
  type StandInMedia,
  type StandInRequest,
} from './stand-in-server';
import { timedTextBody, type StandInCue, type YouTubeCaptionFormat } from './youtube-caption-bodies';

export const YOUTUBE_API_KEY = 'AIzaSyA8eiZmM1FaDVjRy-df2KTyQ_vz_yYM39w';
const ANDROID_VERSION = '20.10.38';

/** `playabilityStatus` as YouTube words it for the usual cases. */
export const PLAYABILITY = {
  ok: { status: 'OK' },
  unavailable: { status: 'ERROR', reason: 'This video is unavailable' },
  removed: { status: 'ERROR', reason: 'This video has been removed by the uploader' },
  botCheck: { status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm you’re not a bot' },
  ageGate: { status: 'LOGIN_REQUIRED', reason: 'This video may be inappropriate for some users.' },
  private: { status: 'LOGIN_REQUIRED', reason: 'This video is private' },
  membersOnly: {
    status: 'UNPLAYABLE',
    reason:
      'Join this channel to get access to members-only content like this video, and other exclusive perks.',
  },
  regionBlocked: {
    status: 'UNPLAYABLE',
    reason: 'Video unavailable',
    subreason: 'The uploader has not made this video available in your country',
  },
  liveOffline: { status: 'LIVE_STREAM_OFFLINE', reason: 'This live event will begin in 3 hours.' },
} satisfies Record<string, YouTubePlayability>;

export interface YouTubePlayability {
  status: string;
  reason?: string;
  /** Shown under the reason (`errorScreen.playerErrorMessageRenderer.subreason`). */
  subreason?: string;
}

export interface YouTubeStandInCaption {
  languageCode: string;
  /** The track's display name. @default the language code */
  name?: string;
  /** `asr`: recognised speech (auto-generated). */
  kind?: 'asr';
  /** Named by `defaultCaptionTrackIndex` of the audio track. */
  isDefault?: boolean;
  /** What its `baseUrl` asks for (`fmt`); none gives srv1, as on YouTube. @default 'srv1' */
  format?: YouTubeCaptionFormat;
  /** Its `baseUrl` carries `exp=xpe`: without a `pot` parameter the body comes back empty. */
  needsToken?: boolean;
  cues: StandInCue[];
  /** A body captured from YouTube, sent as it is instead of one made of `cues` in `format`. */
  body?: string;
}

export interface YouTubeStandInVideo {
  title?: string;
  description?: string;
  /** Channel name. */
  author?: string;
  /** Channel handle, without `@` (`ownerProfileUrl` is built from it). */
  handle?: string;
  channelId?: string;
  lengthSeconds?: number;
  /** Microformat `publishDate`, as YouTube gives it (`2024-05-20` or `2024-05-20T10:00:06-07:00`). */
  publishDate?: string;
  /** @default PLAYABILITY.ok */
  playability?: YouTubePlayability;
  captions?: YouTubeStandInCaption[];
  /** The player API gives no caption tracks; only the watch page's player response has them (with `exp=xpe`). */
  webOnlyCaptions?: boolean;
  /** The audio stream; `'cipher'` gives every stream as a `signatureCipher` only. */
  media?: StandInMedia | 'cipher';
  /** The player API answers this status instead (429, 503, ...). */
  playerStatus?: number;
}

export interface YouTubeStandInOptions {
  videos: Record<string, YouTubeStandInVideo>;
  /** The watch page redirects to the EU consent interstitial until the CONSENT cookie is sent. */
  consent?: boolean;
  /** The watch page is a reCAPTCHA bot check. */
  botCheck?: boolean;
  /**
   * `mobile`: the watch page as m.youtube.com lays it out, declaring `var ytInitialPlayerResponse =
   * null;` in an early script and assigning the response as `window["ytInitialPlayerResponse"]`
   * in a later one. @default 'desktop'
   */
  layout?: 'desktop' | 'mobile';
}

/**
 * YouTube on 127.0.0.1, speaking its real structures: the watch page (consent interstitial, inline
 * `ytcfg` with `INNERTUBE_API_KEY`, `ytInitialPlayerResponse` as the web client gets it), the
 * player API as the ANDROID client gets it, timedtext in srv1/srv3/json3 by `fmt`, and googlevideo
 * streams that want the app's User-Agent. Unknown ids are unavailable, as on YouTube.
 */
export async function startYouTubeStandIn(options: YouTubeStandInOptions): Promise<PlatformStandIn> {
  const { videos } = options;
  return startStandIn((request, response) => {
    switch (request.path) {
      case '/watch':
        return watch(options, request, response);
      case '/ml':
        return sendHtml(response, consentPage(request.query.get('continue') ?? ''));
      case '/youtubei/v1/player':
        return player(videos, request, response);
      case '/api/timedtext':
        return timedText(videos, request, response);
      case '/videoplayback':
        return videoPlayback(videos, request, response);
      default:
        return sendHtml(response, '<!DOCTYPE html><title>404 Not Found</title>', 404);
    }
  });
}

function watch(options: YouTubeStandInOptions, request: StandInRequest, response: ServerResponse) {
  const id = request.query.get('v') ?? '';
  if (options.consent && !/(^|;\s*)CONSENT=YES\+/.test(String(request.headers.cookie ?? ''))) {
    const back = `https://www.youtube.com/watch?v=${id}`;
    return sendRedirect(
      response,
      `https://consent.youtube.com/ml?continue=${encodeURIComponent(back)}&gl=DE&m=0&pc=yt&cm=2&hl=en&src=1`,
    );
  }
  if (options.botCheck) return sendHtml(response, botCheckPage());
  const page = options.layout === 'mobile' ? mobileWatchPage : watchPage;
  sendHtml(response, page(id, options.videos[id]));
}

function player(
  videos: Record<string, YouTubeStandInVideo>,
  request: StandInRequest,
  response: ServerResponse,
) {
  if (request.method !== 'POST' || request.query.get('key') !== YOUTUBE_API_KEY) {
    return sendJson(response, apiError(400, 'API key not valid. Please pass a valid API key.'), 400);
  }
  const body = parseJson(request.body) as { context?: { client?: Record<string, string> }; videoId?: string };
  const client = body?.context?.client;
  if (client?.clientName !== 'ANDROID' || client.clientVersion !== ANDROID_VERSION || !body?.videoId) {
    return sendJson(response, apiError(400, 'Request contains an invalid argument.'), 400);
  }
  const video = videos[body.videoId];
  if (video?.playerStatus) {
    return sendJson(
      response,
      apiError(video.playerStatus, 'The service is unavailable.'),
      video.playerStatus,
    );
  }
  sendJson(response, playerResponse(body.videoId, video, 'android'));
}

function timedText(
  videos: Record<string, YouTubeStandInVideo>,
  request: StandInRequest,
  response: ServerResponse,
) {
  const video = videos[request.query.get('v') ?? ''];
  const track = video?.captions?.find(
    (caption) =>
      caption.languageCode === request.query.get('lang') &&
      (caption.kind ?? '') === (request.query.get('kind') ?? ''),
  );
  if (!track) return response.writeHead(404).end();
  // Since 2025 a timedtext URL with exp=xpe answers 200 with nothing unless it carries a PO token.
  if (request.query.getAll('exp').includes('xpe') && !request.query.get('pot')) {
    return response.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end();
  }
  const format = (request.query.get('fmt') ?? 'srv1') as YouTubeCaptionFormat;
  const type = format === 'json3' ? 'application/json; charset=UTF-8' : 'text/xml; charset=UTF-8';
  response.writeHead(200, { 'content-type': type }).end(track.body ?? timedTextBody(format, track.cues));
}

function videoPlayback(
  videos: Record<string, YouTubeStandInVideo>,
  request: StandInRequest,
  response: ServerResponse,
) {
  const media = videos[(request.query.get('id') ?? '').replace(/^o-/, '')]?.media;
  if (!media || media === 'cipher') return response.writeHead(404).end();
  // Streams handed to the ANDROID client (c=ANDROID) answer only that client.
  if (!String(request.headers['user-agent']).startsWith('com.google.android.youtube/')) {
    return response.writeHead(403).end();
  }
  sendMedia(response, media);
}

/** The watch page as a logged-out desktop browser gets it, trimmed to what matters. */
function watchPage(id: string, video: YouTubeStandInVideo | undefined): string {
  const ytcfg = {
    INNERTUBE_API_KEY: YOUTUBE_API_KEY,
    INNERTUBE_API_VERSION: 'v1',
    INNERTUBE_CLIENT_NAME: 'WEB',
    INNERTUBE_CLIENT_VERSION: '2.20250611.01.00',
    INNERTUBE_CONTEXT: {
      client: { hl: 'en', gl: 'US', clientName: 'WEB', clientVersion: '2.20250611.01.00' },
    },
  };
  const title = escapeHtml(video?.title ?? 'YouTube');
  return (
    `<!DOCTYPE html><html style="font-size: 10px;font-family: Roboto, Arial, sans-serif;" lang="en-US"><head>` +
    `<title>${title} - YouTube</title><meta name="title" content="${title}">` +
    `<script nonce="n0nc3">ytcfg.set(${scriptJson(ytcfg)}); window.ytcfg.obfuscatedData_ = [];</script>` +
    `</head><body dir="ltr"><div id="player"></div>` +
    `<script nonce="n0nc3">var ytInitialPlayerResponse = ${scriptJson(playerResponse(id, video, 'web'))};` +
    `var meta = document.createElement('meta'); meta.name = 'referrer'; meta.content = 'origin-when-cross-origin'; ` +
    `document.getElementsByTagName('head')[0].appendChild(meta);</script>` +
    `<script nonce="n0nc3">var ytInitialData = {"contents":{"twoColumnWatchNextResults":{}}};</script>` +
    `</body></html>`
  );
}

/** The watch page as m.youtube.com lays it out, trimmed to what matters. */
function mobileWatchPage(id: string, video: YouTubeStandInVideo | undefined): string {
  const ytcfg = { INNERTUBE_API_KEY: YOUTUBE_API_KEY, INNERTUBE_CLIENT_NAME: 'MWEB' };
  return (
    `<!DOCTYPE html><html lang="en"><head><title>${escapeHtml(video?.title ?? 'YouTube')} - YouTube</title>` +
    `<script nonce="n0nc3">var ytInitialData = null; var ytInitialPlayerResponse = null;</script>` +
    `<script nonce="n0nc3">ytcfg.set(${scriptJson(ytcfg)});</script></head><body>` +
    `<script nonce="n0nc3">window["ytInitialPlayerResponse"] = ${scriptJson(playerResponse(id, video, 'web'))};` +
    `ytplayer.config = {args: {raw_player_response: window.ytInitialPlayerResponse}};</script>` +
    `</body></html>`
  );
}

/**
 * A player response as the `web` watch page inlines it (microformat, captions with `exp=xpe`,
 * streams behind `signatureCipher`) or as the `android` player API answers (no microformat,
 * captions and streams usable as they are).
 */
function playerResponse(id: string, video: YouTubeStandInVideo | undefined, client: 'web' | 'android') {
  const playability = video ? (video.playability ?? PLAYABILITY.ok) : PLAYABILITY.unavailable;
  const context = {
    responseContext: {
      visitorData: 'CgtEbU5Pc2Y0TXRfWSiA_p7CBjIKCgJVUxIEGgAgMQ%3D%3D',
      serviceTrackingParams: [
        { service: 'CSI', params: [{ key: 'c', value: client === 'web' ? 'WEB' : 'ANDROID' }] },
      ],
      maxAgeSeconds: 0,
    },
    playabilityStatus: playabilityStatus(playability),
  };
  if (!video || playability.status !== 'OK') return context;
  const captions = client === 'android' && video.webOnlyCaptions ? [] : (video.captions ?? []);
  return {
    ...context,
    streamingData: streamingData(id, video, client),
    ...(captions.length > 0 ? { captions: captionsRenderer(id, captions, client) } : {}),
    videoDetails: {
      videoId: id,
      title: video.title ?? '',
      lengthSeconds: String(video.lengthSeconds ?? 0),
      keywords: ['stand-in'],
      channelId: video.channelId ?? 'UCstandinchannel0000000',
      isOwnerViewing: false,
      shortDescription: video.description ?? '',
      isCrawlable: true,
      thumbnail: {
        thumbnails: [
          { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
          { url: `https://i.ytimg.com/vi/${id}/maxresdefault.jpg`, width: 1280, height: 720 },
          { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
        ],
      },
      allowRatings: true,
      viewCount: '1234',
      author: video.author ?? '',
      isPrivate: false,
      isUnpluggedCorpus: false,
      isLiveContent: false,
    },
    ...(client === 'web' ? { microformat: microformat(id, video) } : {}),
  };
}

function playabilityStatus(playability: YouTubePlayability) {
  if (playability.status === 'OK') {
    return { status: 'OK', playableInEmbed: true, contextParams: 'Q0FFU0FnZ0M=' };
  }
  return {
    status: playability.status,
    reason: playability.reason,
    errorScreen: {
      playerErrorMessageRenderer: {
        reason: { simpleText: playability.reason },
        ...(playability.subreason ? { subreason: { runs: [{ text: playability.subreason }] } } : {}),
      },
    },
    contextParams: 'Q0FFU0FnZ0I=',
  };
}

function captionsRenderer(id: string, captions: YouTubeStandInCaption[], client: 'web' | 'android') {
  const defaultIndex = captions.findIndex((caption) => caption.isDefault);
  return {
    playerCaptionsTracklistRenderer: {
      captionTracks: captions.map((caption) => {
        const name = caption.name ?? caption.languageCode;
        return {
          baseUrl: timedTextUrl(id, caption, client),
          // The web client names tracks with simpleText, the app with runs.
          name: client === 'web' ? { simpleText: name } : { runs: [{ text: name }] },
          vssId: `${caption.kind === 'asr' ? 'a' : ''}.${caption.languageCode}`,
          languageCode: caption.languageCode,
          ...(caption.kind ? { kind: caption.kind } : {}),
          isTranslatable: true,
          trackName: '',
        };
      }),
      audioTracks: [
        {
          captionTrackIndices: captions.map((_caption, index) => index),
          ...(defaultIndex >= 0
            ? {
                defaultCaptionTrackIndex: defaultIndex,
                visibility: 'UNKNOWN',
                hasDefaultTrack: true,
                captionsInitialState: 'CAPTIONS_INITIAL_STATE_OFF_RECOMMENDED',
              }
            : { visibility: 'UNKNOWN', captionsInitialState: 'CAPTIONS_INITIAL_STATE_OFF_REQUIRED' }),
        },
      ],
      translationLanguages: [{ languageCode: 'de', languageName: { simpleText: 'German' } }],
      defaultAudioTrackIndex: 0,
    },
  };
}

function timedTextUrl(id: string, caption: YouTubeStandInCaption, client: 'web' | 'android'): string {
  const query = new URLSearchParams({
    v: id,
    ei: 'xp1JaMfUBcyLzPsP9ren4QQ',
    caps: 'asr',
    opi: '112496729',
    xoaf: '5',
    hl: 'en',
    ip: '0.0.0.0',
    ipbits: '0',
    expire: '1749680182',
    sparams: 'ip,ipbits,expire,v,ei,caps,opi,xoaf',
    signature: 'A1B2C3D4E5F6.0718293A4B5C6D7E8F90',
    key: 'yt8',
  });
  if (caption.kind) query.set('kind', caption.kind);
  query.set('lang', caption.languageCode);
  if (caption.format && caption.format !== 'srv1') query.set('fmt', caption.format);
  // The web client's tracks all want a proof-of-origin token nowadays.
  if (caption.needsToken || client === 'web') query.set('exp', 'xpe');
  return `https://www.youtube.com/api/timedtext?${query}`;
}

function streamingData(id: string, video: YouTubeStandInVideo, client: 'web' | 'android') {
  const stream = (itag: number, mime: string, bitrate: number) => {
    const query = new URLSearchParams({
      expire: '1749676582',
      ei: 'xp1JaMfUBcyLzPsP9ren4QQ',
      ip: '203.0.113.7',
      id: `o-${id}`,
      itag: String(itag),
      source: 'youtube',
      requiressl: 'yes',
      mime: mime.split(';')[0],
      c: client === 'web' ? 'WEB' : 'ANDROID',
      sparams: 'expire,ei,ip,id,itag,source,requiressl,mime',
    });
    const url = `https://rr4---sn-4g5edndl.googlevideo.com/videoplayback?${query}`;
    // Streams the web client gets, and every stream of a ciphered video, must be signed by the player's JS first.
    const ciphered = client === 'web' || video.media === 'cipher' || !video.media;
    const location = ciphered
      ? { signatureCipher: `s=${'Q'.repeat(40)}&sp=sig&url=${encodeURIComponent(url)}` }
      : { url: `${url}&sig=AJfQdSswRQIhAJDivkKb3mLq202W` };
    return {
      itag,
      ...location,
      mimeType: mime,
      bitrate,
      averageBitrate: bitrate,
      approxDurationMs: '316024',
    };
  };
  return {
    expiresInSeconds: '21540',
    formats: [stream(18, 'video/mp4; codecs="avc1.42001E, mp4a.40.2"', 219_300)],
    adaptiveFormats: [
      stream(137, 'video/mp4; codecs="avc1.640028"', 1_386_757),
      stream(248, 'video/webm; codecs="vp9"', 1_601_870),
      stream(140, 'audio/mp4; codecs="mp4a.40.2"', 130_074),
      stream(139, 'audio/mp4; codecs="mp4a.40.5"', 48_778),
      stream(249, 'audio/webm; codecs="opus"', 45_671),
      stream(251, 'audio/webm; codecs="opus"', 134_887),
    ],
  };
}

function microformat(id: string, video: YouTubeStandInVideo) {
  return {
    playerMicroformatRenderer: {
      thumbnail: {
        thumbnails: [{ url: `https://i.ytimg.com/vi/${id}/maxresdefault.jpg`, width: 1280, height: 720 }],
      },
      embed: { iframeUrl: `https://www.youtube.com/embed/${id}`, width: 1280, height: 720 },
      title: { simpleText: video.title ?? '' },
      description: { simpleText: video.description ?? '' },
      lengthSeconds: String(video.lengthSeconds ?? 0),
      ...(video.handle ? { ownerProfileUrl: `http://www.youtube.com/@${video.handle}` } : {}),
      externalChannelId: video.channelId ?? 'UCstandinchannel0000000',
      isFamilySafe: true,
      availableCountries: ['DE', 'US'],
      isUnlisted: false,
      hasYpcMetadata: false,
      viewCount: '1234',
      category: 'Education',
      ...(video.publishDate ? { publishDate: video.publishDate, uploadDate: video.publishDate } : {}),
      ownerChannelName: video.author ?? '',
    },
  };
}

function consentPage(continueUrl: string): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><title>Before you continue to YouTube</title></head><body>' +
    '<form action="https://consent.youtube.com/s" method="POST" style="display:inline;">' +
    '<input type="hidden" name="gl" value="DE"><input type="hidden" name="m" value="0">' +
    '<input type="hidden" name="app" value="0"><input type="hidden" name="pc" value="yt">' +
    `<input type="hidden" name="continue" value="${escapeHtml(continueUrl)}">` +
    '<input type="hidden" name="x" value="6"><input type="hidden" name="bl" value="boq_identityfrontenduiserver_20250610.08_p0">' +
    '<input type="hidden" name="hl" value="en"><input type="hidden" name="src" value="1">' +
    '<input type="hidden" name="cm" value="2"><input type="hidden" name="set_eom" value="false">' +
    '<input type="hidden" name="v" value="cb.20210328-17-p0.en+FX+667">' +
    '<button type="submit" aria-label="Accept all">Accept all</button></form></body></html>'
  );
}

function botCheckPage(): string {
  return (
    '<!DOCTYPE html><html><head><title>https://www.youtube.com/watch</title></head><body>' +
    '<div id="infoDiv">Our systems have detected unusual traffic from your computer network.</div>' +
    '<form id="captcha-form" action="index" method="post"><div class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b"></div></form>' +
    '</body></html>'
  );
}

function apiError(code: number, message: string) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason: 'badRequest' }],
      status: 'INVALID_ARGUMENT',
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
