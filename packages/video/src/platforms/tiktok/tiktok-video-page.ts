import { parseOrNull, scriptContents } from '../embedded-json';

/** The parts of `itemInfo.itemStruct` the adapter reads. */
export interface TikTokItem {
  id?: string;
  desc?: string;
  /** Unix seconds, as a string or a number. */
  createTime?: string | number;
  author?: { uniqueId?: string; nickname?: string };
  video?: {
    /** Seconds. */
    duration?: number;
    cover?: string;
    playAddr?: string;
    downloadAddr?: string;
    subtitleInfos?: TikTokSubtitleInfo[];
  };
  /** Set, and `video` left out, when the video is shown to logged-in adults only. */
  isContentClassified?: boolean;
}

export interface TikTokSubtitleInfo {
  Url?: string;
  LanguageCodeName?: string;
  Format?: string;
  /** `ASR` (speech recognition), `MT` (machine translation), or a creator's own. */
  Source?: string;
}

/** `__DEFAULT_SCOPE__["webapp.video-detail"]`: 0 and the item, or the reason there is none. */
export interface TikTokVideoDetail {
  statusCode: number;
  statusMsg: string | null;
  item: TikTokItem | null;
}

interface RehydrationData {
  __DEFAULT_SCOPE__?: {
    'webapp.video-detail'?: {
      statusCode?: number | string;
      statusMsg?: string;
      itemInfo?: { itemStruct?: TikTokItem };
    };
  };
}

/** The video detail in the page's `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">`, or null when it has none. */
export function tiktokVideoDetail(html: string): TikTokVideoDetail | null {
  const [script] = scriptContents(html, /\bid="__UNIVERSAL_DATA_FOR_REHYDRATION__"/);
  const data = script === undefined ? null : (parseOrNull(script) as RehydrationData | null);
  const detail = data?.__DEFAULT_SCOPE__?.['webapp.video-detail'];
  if (typeof detail !== 'object' || detail === null) return null;
  return {
    statusCode: Number(detail.statusCode ?? 0),
    statusMsg: detail.statusMsg || null,
    item: detail.itemInfo?.itemStruct ?? null,
  };
}
