import { checkJobId, derivedUuid, jitterSpanMs, nextCheckAt } from './check-schedule';

const settings = { jitterRatio: 0.1, maxJitterMs: 15 * 60_000 };

describe('check schedule', () => {
  it('moves the next check by at most the jitter span either way', () => {
    const from = new Date('2026-11-21T10:00:00.000Z');
    expect(nextCheckAt(from, 60, settings, () => 0.5).getTime()).toBe(from.getTime() + 3_600_000);
    expect(nextCheckAt(from, 60, settings, () => 0).getTime()).toBe(from.getTime() + 3_600_000 - 360_000);
    expect(nextCheckAt(from, 60, settings, () => 1).getTime()).toBe(from.getTime() + 3_600_000 + 360_000);
    expect(jitterSpanMs(10080, settings)).toBe(15 * 60_000);
    expect(jitterSpanMs(5, settings)).toBe(30_000);
  });

  it('spreads monitors created in the same second over the span', () => {
    const from = new Date();
    const seconds = new Set(
      Array.from({ length: 1000 }, () => Math.floor(nextCheckAt(from, 60, settings).getTime() / 1000)),
    );
    expect(seconds.size).toBeGreaterThan(500);
  });

  it('derives stable, distinct UUIDs and job ids', () => {
    expect(derivedUuid('check:a:1')).toBe(derivedUuid('check:a:1'));
    expect(derivedUuid('check:a:1')).not.toBe(derivedUuid('check:a:2'));
    expect(derivedUuid('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(checkJobId('m', 5)).toBe('monitor-check-m-5');
  });
});
