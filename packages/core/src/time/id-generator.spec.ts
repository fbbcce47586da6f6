import { TimeOrderedIdGenerator } from './id-generator';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('TimeOrderedIdGenerator', () => {
  const ids = new TimeOrderedIdGenerator();

  it('makes version 7 UUIDs that carry their creation time in milliseconds', () => {
    const before = Date.now();
    const id = ids.uuid();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    const time = parseInt(id.replace('-', '').slice(0, 12), 16);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  });

  it('sorts ids of different milliseconds by creation, and never repeats one', async () => {
    const first = Array.from({ length: 1000 }, () => ids.uuid());
    await new Promise((r) => setTimeout(r, 2));
    const second = Array.from({ length: 1000 }, () => ids.uuid());
    expect(new Set([...first, ...second]).size).toBe(2000);
    const lastOfFirst = [...first].sort().at(-1)!;
    expect(second.every((id) => id > lastOfFirst)).toBe(true);
  });
});
