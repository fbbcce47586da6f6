import { decodeHTML } from 'entities';
import type { TranscriptSegment } from '../domain/video';

/**
 * Caption markup (WebVTT cue text, YouTube's timed text) as plain text: tags removed before
 * entities are decoded, so an escaped `&lt;` stays a literal "<", and every run of whitespace,
 * line breaks included, collapsed to one space.
 */
export function plainCaptionText(markup: string): string {
  return collapseWhitespace(decodeHTML(markup.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '')));
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
