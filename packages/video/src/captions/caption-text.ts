import { decodeHTML } from 'entities';
import type { TranscriptSegment } from '../domain/video';

/**
 * The markup captions carry, as tags: formatting (`<i>`, `<b>`, `<u>`, `<s>`, `<em>`, `<strong>`,
 * `<font ...>`, `<span ...>`, `<sub>`, `<sup>`), WebVTT's class, voice, language and ruby spans
 * (`<c.yellow>`, `<v Roger>`, `<lang en>`, `<ruby>`, `<rt>`) and karaoke timestamps
 * (`<00:00:01.000>`), opening or closing. Other text between angle brackets (`1 < 2`, `<3`) is
 * not markup and stays.
 */
const CAPTION_TAG =
  /<\/?(?:i|b|u|s|em|strong|font|span|sub|sup|c|v|lang|ruby|rt|rp)(?=[\s.>/])[^<>]*>|<(?:\d+:)?\d{2}:\d{2}[.,]\d{3}>/gi;
const LINE_BREAK_TAG = /<\/?br\s*\/?>/gi;
/** Captions escaped more than once (YouTube's srv1 is HTML escaped inside XML) are decoded at most this often. */
const MOST_DECODINGS = 3;

/**
 * Caption text (WebVTT cue text, YouTube's timed text after its XML is read) as plain text: entities
 * decoded (again while a decoding uncovers more, so markup escaped once more is removed too),
 * caption markup removed and every run of whitespace, line breaks included, collapsed to one space.
 * Plain text comes back unchanged, so a transcript cleaned once reads the same when cleaned again.
 */
export function plainCaptionText(text: string): string {
  let plain = withoutMarkup(text);
  for (let decodings = 0; decodings < MOST_DECODINGS; decodings++) {
    const decoded = withoutMarkup(decodeHTML(plain));
    if (decoded === plain) break;
    plain = decoded;
  }
  return collapseWhitespace(plain);
}

function withoutMarkup(text: string): string {
  return text.replace(LINE_BREAK_TAG, ' ').replace(CAPTION_TAG, '');
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A segment of plain `text`, or null when nothing readable is left: empty cues are dropped. */
export function captionSegment(text: string, startMs: number, durationMs: number): TranscriptSegment | null {
  if (text === '' || !Number.isFinite(startMs)) return null;
  return {
    text,
    startMs: Math.max(0, Math.round(startMs)),
    durationMs: Number.isFinite(durationMs) ? Math.max(0, Math.round(durationMs)) : 0,
  };
}
