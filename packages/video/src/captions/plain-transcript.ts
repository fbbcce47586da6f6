import type { VideoTranscript } from '../domain/video-result';
import { captionSegment, plainCaptionText } from './caption-text';

/**
 * A caption transcript read back from the cache, as plain as a fresh one: earlier versions cached
 * some tracks' markup (`<i>`, `<font>`) and entities in the text. Its segments' text is cleaned,
 * the segments left empty dropped and the text joined again; a clean transcript comes back equal.
 */
export function plainCaptionTranscript(transcript: VideoTranscript): VideoTranscript {
  if (transcript.source !== 'captions') return transcript;
  const segments = transcript.segments.flatMap(
    (segment) => captionSegment(plainCaptionText(segment.text), segment.startMs, segment.durationMs) ?? [],
  );
  return { ...transcript, text: transcriptText(segments), segments };
}

/** A transcript's text: its segments' text joined by spaces. */
export function transcriptText(segments: VideoTranscript['segments']): string {
  return segments.map((segment) => segment.text).join(' ');
}
