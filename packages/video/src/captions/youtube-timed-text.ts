import { decodeXML } from 'entities';
import type { TranscriptSegment } from '../domain/video';
import { captionSegment, plainCaptionText } from './caption-text';

/** One `<p ...>...</p>` or `<text ...>...</text>` element, self-closing ones included (they carry no text). */
const SRV3_CUE = /<p\b([^>]*?)(?:\/>|>([\s\S]*?)<\/p>)/g;
const SRV1_CUE = /<text\b([^>]*?)(?:\/>|>([\s\S]*?)<\/text>)/g;

interface Json3 {
  events?: { tStartMs?: number; dDurationMs?: number; segs?: { utf8?: string }[] }[];
}

/**
 * Segments of a YouTube caption body in whichever format the track's URL gave, told apart by
 * content: json3 (`events[].tStartMs`, `dDurationMs`, `segs[].utf8`), srv3 XML
 * (`<timedtext format="3"><body><p t="ms" d="ms">`, words in `<s>` children) or srv1 XML
 * (`<transcript><text start="s" dur="s">`, whose text is HTML escaped once more). Each cue's text
 * is plain (`plainCaptionText`): markup a track carries in its text, escaped or not, is removed.
 * Throws when the body is none of them.
 */
export function parseYouTubeTimedText(body: string): TranscriptSegment[] {
  const text = body.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{')) return parseJson3(text);
  if (/<timedtext\b[^>]*\bformat="3"/.test(text)) return parseSrv3(text);
  if (/<transcript\b/.test(text)) return parseSrv1(text);
  throw new Error('The caption body is not srv1, srv3 or json3.');
}

function parseJson3(text: string): TranscriptSegment[] {
  const { events } = JSON.parse(text) as Json3;
  if (!Array.isArray(events)) throw new Error('The json3 caption body has no events.');
  return events.flatMap((event) => {
    if (!Array.isArray(event.segs)) return [];
    // Uploaded tracks keep their authors' markup and entities in the text.
    const words = plainCaptionText(event.segs.map((seg) => seg.utf8 ?? '').join(''));
    return captionSegment(words, event.tStartMs ?? 0, event.dDurationMs ?? 0) ?? [];
  });
}

function parseSrv3(text: string): TranscriptSegment[] {
  return [...text.matchAll(SRV3_CUE)].flatMap(([, attributes, inner = '']) => {
    const start = Number(attribute(attributes, 't'));
    return captionSegment(plainCaptionText(xmlText(inner)), start, Number(attribute(attributes, 'd'))) ?? [];
  });
}

function parseSrv1(text: string): TranscriptSegment[] {
  return [...text.matchAll(SRV1_CUE)].flatMap(([, attributes, inner = '']) => {
    const start = Number(attribute(attributes, 'start')) * 1000;
    const duration = Number(attribute(attributes, 'dur') ?? 0) * 1000;
    return captionSegment(plainCaptionText(xmlText(inner)), start, duration) ?? [];
  });
}

/** The text of an XML element's content: its child elements (srv3's `<s>` words, `<br/>`) left out, XML entities decoded. */
function xmlText(content: string): string {
  return decodeXML(content.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''));
}

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
}
