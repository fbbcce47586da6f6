import type { TranscriptSegment } from '../../domain/video';
import type { SpeechToTextResult } from '../../ports/speech-to-text';
import { transcriptionFailed } from './transcription-failed';
import { languageCode } from './whisper-languages';

// No chunk under an upload limit lasts a million seconds: times that large are nanoseconds, which
// is how LocalAI writes them (Go durations). Everyone else writes seconds.
const LARGEST_SECONDS = 1_000_000;
// whisper.cpp's segment for silence, not speech.
const SILENCE_MARKER = '[BLANK_AUDIO]';

interface RawSegment {
  start: number;
  end: number;
  text: string;
}

/**
 * The segments and language of a `verbose_json` transcription (OpenAI, Groq, speaches,
 * whisper.cpp, LocalAI). Segment text becomes plain text on one line; empty segments are dropped.
 * Anything else is TRANSCRIPTION_FAILED, not transient: asking again gets the same answer.
 */
export function parseVerboseJson(body: string): SpeechToTextResult {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    throw transcriptionFailed(`The speech-to-text provider answered with something that is not JSON.`, false);
  }
  if (!isObject(document)) throw malformed('the answer is not a JSON object');
  // whisper.cpp reports its failures as `{"error": "..."}` with status 200.
  if (document.error !== undefined && document.segments === undefined) {
    throw transcriptionFailed(`The speech-to-text provider failed: ${errorMessage(document.error)}`, false);
  }
  if (!Array.isArray(document.segments)) {
    throw malformed(
      'it has no `segments`; the provider or model may not support response_format=verbose_json',
    );
  }
  const raw = document.segments.map(rawSegment);
  const scale = raw.some((segment) => segment.end > LARGEST_SECONDS) ? 1e-6 : 1000;
  const segments: TranscriptSegment[] = [];
  for (const segment of raw) {
    const text = plainText(segment.text);
    if (!text) continue;
    const startMs = Math.max(0, Math.round(segment.start * scale));
    const endMs = Math.round(segment.end * scale);
    segments.push({ text, startMs, durationMs: Math.max(0, endMs - startMs) });
  }
  const language = typeof document.language === 'string' ? languageCode(document.language) : null;
  return { language, segments };
}

function rawSegment(value: unknown): RawSegment {
  if (
    !isObject(value) ||
    !Number.isFinite(value.start) ||
    !Number.isFinite(value.end) ||
    typeof value.text !== 'string'
  ) {
    throw malformed('a segment lacks a numeric `start`, `end` or a `text`');
  }
  return { start: value.start as number, end: value.end as number, text: value.text };
}

function plainText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line === SILENCE_MARKER ? '' : line;
}

function errorMessage(error: unknown): string {
  const message = isObject(error) ? error.message : error;
  return typeof message === 'string' ? message.slice(0, 300) : 'no reason given';
}

function malformed(reason: string) {
  return transcriptionFailed(
    `The speech-to-text provider's answer is not a verbose_json transcription: ${reason}.`,
    false,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The provider's reason in an error body (`{"error": {"message": ...}}`, `{"error": "..."}`, `{"detail": ...}`), if any. */
export function providerReason(body: string): string | null {
  try {
    const document: unknown = JSON.parse(body);
    if (!isObject(document)) return null;
    if (document.error !== undefined) return errorMessage(document.error);
    if (typeof document.detail === 'string') return document.detail.slice(0, 300);
    return null;
  } catch {
    return null;
  }
}
