import { diffLines } from './line-diff';

describe('diffLines', () => {
  it('names exactly the lines added and removed, in page order', () => {
    const before = ['# Title', '', 'alpha', '', 'beta', '', 'gamma', '', 'delta'].join('\n');
    const after = ['# Title', '', 'alpha', '', 'BETA', '', 'gamma', '', 'DELTA', '', 'epsilon'].join('\n');
    expect(diffLines(before, after)).toMatchObject({
      addedLines: ['BETA', 'DELTA', 'epsilon'],
      removedLines: ['beta', 'delta'],
      addedCount: 3,
      removedCount: 2,
    });
  });

  it('keeps repeated lines apart and reports moved ones', () => {
    expect(diffLines('a\nb\na\nc', 'a\nc\na\nb')).toMatchObject({ addedCount: 2, removedCount: 2 });
    expect(diffLines('x\nx\nx', 'x\nx')).toMatchObject({
      addedLines: [],
      removedLines: ['x'],
      addedCount: 0,
      removedCount: 1,
    });
  });

  it('handles empty texts and identical texts', () => {
    expect(diffLines('', 'one\ntwo')).toMatchObject({
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
      unifiedDiff: '',
    });
    expect(diffLines('', 'one\ntwo').unifiedDiff).toBe('@@ -0,0 +1,2 @@\n+one\n+two');
  });

  it('writes a unified diff with real hunk headers and 3 lines of context, as diff -u does', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const after = [...before];
    after[1] = 'line 2, changed';
    after.splice(15, 1);
    expect(diffLines(before.join('\n'), after.join('\n')).unifiedDiff).toBe(
      [
        '@@ -1,5 +1,5 @@',
        ' line 1',
        '-line 2',
        '+line 2, changed',
        ' line 3',
        ' line 4',
        ' line 5',
        '@@ -13,7 +13,6 @@',
        ' line 13',
        ' line 14',
        ' line 15',
        '-line 16',
        ' line 17',
        ' line 18',
        ' line 19',
      ].join('\n'),
    );
  });

  it('merges changes closer than twice the context into one hunk', () => {
    const before = Array.from({ length: 10 }, (_, i) => `l${i + 1}`);
    const after = before.map((line, i) => (i === 2 || i === 7 ? `${line}!` : line));
    const diff = diffLines(before.join('\n'), after.join('\n')).unifiedDiff!;
    expect(diff.split('\n')[0]).toBe('@@ -1,10 +1,10 @@');
    expect(diff.match(/^@@/gm)).toHaveLength(1);
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
