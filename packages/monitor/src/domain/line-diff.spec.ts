import { diffLines } from './line-diff';

describe('diffLines', () => {
  it('names exactly the lines added and removed, in page order', () => {
    const before = ['# Title', '', 'alpha', '', 'beta', '', 'gamma', '', 'delta'].join('\n');
    const after = ['# Title', '', 'alpha', '', 'BETA', '', 'gamma', '', 'DELTA', '', 'epsilon'].join('\n');
    expect(diffLines(before, after)).toEqual({
      addedLines: ['BETA', 'DELTA', 'epsilon'],
      removedLines: ['beta', 'delta'],
      addedCount: 3,
      removedCount: 2,
    });
  });

  it('keeps repeated lines apart and reports moved ones', () => {
    expect(diffLines('a\nb\na\nc', 'a\nc\na\nb')).toMatchObject({ addedCount: 2, removedCount: 2 });
    expect(diffLines('x\nx\nx', 'x\nx')).toEqual({
      addedLines: [],
      removedLines: ['x'],
      addedCount: 0,
      removedCount: 1,
    });
  });

  it('handles empty texts and identical texts', () => {
    expect(diffLines('', 'one\ntwo')).toEqual({
      addedLines: ['one', 'two'],
      removedLines: [],
      addedCount: 2,
      removedCount: 0,
    });
    expect(diffLines('same\ntext', 'same\ntext')).toEqual({
      addedLines: [],
      removedLines: [],
      addedCount: 0,
      removedCount: 0,
    });
  });

  it('caps the arrays but counts every line', () => {
    const before = Array.from({ length: 300 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 300 }, (_, i) => `new ${i}`).join('\n');
    const summary = diffLines(before, after);
    expect(summary.addedLines).toHaveLength(200);
    expect(summary.removedLines).toHaveLength(200);
    expect(summary).toMatchObject({ addedCount: 300, removedCount: 300 });
    expect(summary.addedLines[0]).toBe('new 0');
  });

  it('falls back to a multiset difference for texts that differ in many places', () => {
    const before = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n');
    const after = Array.from({ length: 5000 }, (_, i) => (i % 2 ? `line ${i}` : `changed ${i}`)).join('\n');
    const summary = diffLines(before, after);
    expect(summary).toMatchObject({ addedCount: 2500, removedCount: 2500 });
  });
});
