/** Longest wait a receiver can ask for; a longer Retry-After is cut to this. */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * Milliseconds from `now` until the time a `Retry-After` value names, as delta-seconds or an
 * HTTP-date (RFC 9110 §10.2.3), at most `maxMs`; undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: Date,
  maxMs = MAX_RETRY_AFTER_MS,
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let ms: number;
  if (/^\d+$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    // Date.parse would also read bare numbers ("-1", "7.5") as years; only dates get here.
    if (!/[a-z]/i.test(text)) return undefined;
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now.getTime();
  }
  return Math.min(Math.max(0, ms), maxMs);
}
