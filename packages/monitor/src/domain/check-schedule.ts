import { createHash } from 'node:crypto';

export interface JitterSettings {
  jitterRatio: number;
  maxJitterMs: number;
}

/** Largest shift of one scheduled check, either way: a share of the interval, capped. */
export function jitterSpanMs(intervalMinutes: number, settings: JitterSettings): number {
  return Math.floor(Math.min(intervalMinutes * 60_000 * settings.jitterRatio, settings.maxJitterMs));
}

/**
 * When the check after one at `from` is due: one interval later, shifted at random within the
 * jitter span so monitors created (or resumed) together drift apart instead of firing in the same second.
 */
export function nextCheckAt(
  from: Date,
  intervalMinutes: number,
  settings: JitterSettings,
  random: () => number = Math.random,
): Date {
  const span = jitterSpanMs(intervalMinutes, settings);
  return new Date(from.getTime() + intervalMinutes * 60_000 + Math.round((random() * 2 - 1) * span));
}

/** The queue job id of a monitor's check scheduled at `scheduledAt`: the same claim never queues two checks. */
export function checkJobId(monitorId: string, scheduledAt: number): string {
  return `monitor-check-${monitorId}-${scheduledAt}`;
}

/**
 * A UUID derived from a name (SHA-256, version 8 layout). A check's id comes from its job id, so
 * a check run again after a crash is recognised, and its credit charge stays one charge.
 */
export function derivedUuid(name: string): string {
  const bytes = createHash('sha256').update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
