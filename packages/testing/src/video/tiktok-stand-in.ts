import type { ServerResponse } from 'node:http';
import {
  scriptJson,
  sendHtml,
  sendMedia,
  sendRedirect,
  startStandIn,
  type PlatformStandIn,
  type StandInMedia,
  type StandInRequest,
} from './stand-in-server';

/** The session cookie the video page sets and the CDN wants back. */
export const TIKTOK_CHAIN_TOKEN = 'tt_chain_token=Ux5bD5nCqsD0R0m0V3F4eA==';

export interface TikTokStandInSubtitle {
  /** As TikTok names it: `eng-US`, `cmn-Hans-CN`, ... */
  languageCodeName: string;
  /** `ASR` (recognised), `MT` (machine translated) or a creator's own (`LC`). @default 'ASR' */
  source?: string;
  /** @default 'webvtt' */
  format?: string;
  /** The WebVTT file. */
  body: string;
}

export interface TikTokStandInVideo {
  /** `author.uniqueId` (the handle) and `author.nickname`. */
  author?: { uniqueId: string; nickname?: string };
  desc?: string;
  /** Unix seconds. */
  createTime?: number;
  /** Seconds. */
  duration?: number;
  /** Anything but 0 gives no item, as for a missing (10204) or private (10216) video. @default 0 */
  statusCode?: number;
  statusMsg?: string;
  /** The item comes without video, flagged `isContentClassified` (shown to logged-in adults only). */
  contentClassified?: boolean;
  subtitles?: TikTokStandInSubtitle[];
  media?: StandInMedia;
}

export interface TikTokStandInOptions {
  videos: Record<string, TikTokStandInVideo>;
  /** Short-link codes (`vm.`/`vt.tiktok.com/<code>`, `tiktok.com/t/<code>`) and where each redirects. Unknown codes go to the home page. */
  shortLinks?: Record<string, string>;
  /** Every video page redirects to the login page. */
  loginWall?: boolean;
}

/**
 * TikTok on 127.0.0.1, speaking its real structures: video pages (`/@user/video/<id>`, any user
 * name) with `__UNIVERSAL_DATA_FOR_REHYDRATION__` and a session cookie, short links that redirect
 * to video URLs, WebVTT subtitles, and a CDN that serves media only with the session cookie and
 * TikTok as referer. Unknown ids get status 10204, as on TikTok.
 */
export async function startTikTokStandIn(options: TikTokStandInOptions): Promise<PlatformStandIn> {
  return startStandIn((request, response) => {
    const segments = request.path.split('/').filter(Boolean);
    if (segments.length === 3 && segments[0].startsWith('@') && segments[1] === 'video') {
      return videoPage(options, segments[2], response);
    }
    if (segments[0] === 'video' && segments[1] === 'tos') return cdn(options, request, response);
    if (segments.length === 2 && segments[0] === 't') return shortLink(options, segments[1], response);
    if (segments.length === 1 && segments[0] !== 'login') return shortLink(options, segments[0], response);
    if (segments.length === 0)
      return sendHtml(response, '<!DOCTYPE html><title>TikTok - Make Your Day</title>');
    if (segments[0] === 'login') return sendHtml(response, '<!DOCTYPE html><title>Log in | TikTok</title>');
    sendHtml(response, '<!DOCTYPE html><title>Page not available</title>', 404);
  });
}

function videoPage(options: TikTokStandInOptions, id: string, response: ServerResponse) {
  if (options.loginWall) {
    return sendRedirect(
      response,
      `https://www.tiktok.com/login?redirect_url=${encodeURIComponent(`https://www.tiktok.com/@_/video/${id}`)}`,
    );
  }
  const video = options.videos[id];
  const statusCode = video ? (video.statusCode ?? 0) : 10204;
  const detail =
    statusCode === 0 && video
      ? {
          itemInfo: { itemStruct: itemStruct(id, video) },
          shareMeta: { title: video.author?.nickname ?? '' },
          statusCode: 0,
          statusMsg: '',
        }
      : { statusCode, statusMsg: video?.statusMsg ?? '' };
  const data = {
    __DEFAULT_SCOPE__: {
      'webapp.app-context': { language: 'en', region: 'US', appId: 1233, wid: '7380000000000000000' },
      'webapp.video-detail': detail,
    },
  };
  sendHtml(
    response,
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>TikTok - Make Your Day</title></head><body>' +
      '<div id="app"></div>' +
      `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${scriptJson(data)}</script>` +
      '</body></html>',
    200,
    {
      'set-cookie': [
        `${TIKTOK_CHAIN_TOKEN}; Path=/; Domain=.tiktok.com; Max-Age=15552000; HttpOnly; Secure`,
        'ttwid=1%7CnB3f6Q2c8bQ%7C1749650000%7Cabcdef; Path=/; Domain=.tiktok.com; Max-Age=31536000; HttpOnly; Secure',
      ],
    },
  );
}

function itemStruct(id: string, video: TikTokStandInVideo) {
  const author = video.author ?? { uniqueId: 'standin' };
  return {
    id,
    desc: video.desc ?? '',
    createTime: String(video.createTime ?? 1700000000),
    author: {
      id: '6800000000000000000',
      uniqueId: author.uniqueId,
      nickname: author.nickname ?? '',
      secUid: 'MS4wLjABAAAAstandin',
      verified: false,
    },
    ...(video.contentClassified
      ? { isContentClassified: true }
      : {
          video: {
            id,
            height: 1024,
            width: 576,
            duration: video.duration ?? 0,
            ratio: '540p',
            cover: `https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/o${id}?x-expires=1749700000&x-signature=abc%3D`,
            originCover: `https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/origin-${id}?x-expires=1749700000`,
            playAddr: video.media ? cdnUrl(`o${id}`, 'video_mp4') : '',
            downloadAddr: '',
            format: 'mp4',
            subtitleInfos: (video.subtitles ?? []).map((subtitle, index) => ({
              LanguageID: String(index + 1),
              LanguageCodeName: subtitle.languageCodeName,
              Url: cdnUrl(`sub-${id}-${index}`, 'text_vtt'),
              UrlExpire: 1749700000,
              Format: subtitle.format ?? 'webvtt',
              Version: '4',
              Source: subtitle.source ?? 'ASR',
              Size: subtitle.body.length,
            })),
          },
        }),
    stats: { diggCount: 10, shareCount: 1, commentCount: 2, playCount: 100 },
  };
}

function cdnUrl(object: string, mime: string): string {
  const query = new URLSearchParams({
    a: '1988',
    bti: 'ODszNWYuMDE6',
    ch: '0',
    cr: '3',
    dr: '0',
    lr: 'unwatermarked',
    cd: '0|0|0|',
    cv: '1',
    br: '1040',
    bt: '520',
    cs: '0',
    ds: '6',
    mime_type: mime,
    qs: '0',
    rc: 'aDw8NGVoNDs0aWk6OWQ6NEBpM2xzcTg6Zjk0bjMzNzczM0A',
    expire: '1749700000',
    l: '20250611134000A1B2C3D4E5F6',
    ply_type: '2',
    policy: '2',
    signature: '0123456789abcdef0123456789abcdef',
    tk: 'tt_chain_token',
  });
  return `https://v16-webapp-prime.tiktok.com/video/tos/useast2a/tos-useast2a-ve-0068c004/${object}/?${query}`;
}

function cdn(options: TikTokStandInOptions, request: StandInRequest, response: ServerResponse) {
  const object = request.path.split('/').filter(Boolean)[4] ?? '';
  const subtitle = /^sub-(\d+)-(\d+)$/.exec(object);
  if (subtitle) {
    const body = options.videos[subtitle[1]]?.subtitles?.[Number(subtitle[2])]?.body;
    if (body === undefined) return response.writeHead(404).end();
    return response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
  }
  const media = options.videos[object.replace(/^o/, '')]?.media;
  if (!media) return response.writeHead(404).end();
  // The CDN serves the play address only within the session the page opened, and to TikTok pages.
  const cookie = String(request.headers.cookie ?? '');
  if (
    !cookie.split(/;\s*/).includes(TIKTOK_CHAIN_TOKEN) ||
    request.headers.referer !== 'https://www.tiktok.com/'
  ) {
    return response.writeHead(403, { 'content-type': 'text/plain' }).end('Access Denied');
  }
  sendMedia(response, media);
}

function shortLink(options: TikTokStandInOptions, code: string, response: ServerResponse) {
  sendRedirect(response, options.shortLinks?.[code] ?? 'https://www.tiktok.com/', 301);
}
