import { ChangeSummary } from './monitor';

/** Lines kept in each of `addedLines` and `removedLines`; the counts are always totals. */
const MAX_SUMMARY_LINES = 200;
/** Lines of `unifiedDiff`: whole hunks up to this many, the rest left out. */
const MAX_DIFF_LINES = 1000;
/** Unchanged lines shown around each change, as `diff -u` does. */
const CONTEXT_LINES = 3;

/** One line of an edit script: kept (' '), removed ('-') or added ('+'). */
type Edit = [' ' | '-' | '+', string];

/**
 * The lines added and removed between two texts, in the order they appear, and the unified diff
 * between them: a shortest edit script (Myers' O(ND) algorithm) after trimming the common head and
 * tail. Blank lines are not reported in `addedLines` and `removedLines`. When the texts differ in
 * more than `maxEdits` lines, the common lines are matched as multisets instead, which still names
 * every added and removed line but may miss moved ones; the diff then replaces the whole differing part.
 */
export function diffLines(
  before: string,
  after: string,
  maxLines = MAX_SUMMARY_LINES,
  maxEdits = 1000,
): ChangeSummary {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail += 1;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const shortest = x.length === 0 || y.length === 0 ? replacement(x, y) : myers(x, y, maxEdits);
  const middle = shortest ?? replacement(x, y);
  const { added, removed } = shortest
    ? {
        added: middle.filter(([kind]) => kind === '+').map(([, line]) => line),
        removed: middle.filter(([kind]) => kind === '-').map(([, line]) => line),
      }
    : multisetDifference(x, y);
  const kept = (lines: string[]) => lines.map((line): Edit => [' ', line]);
  const edits = [...kept(a.slice(0, head)), ...middle, ...kept(a.slice(a.length - tail))];
  const addedLines = added.filter((line) => line.trim() !== '');
  const removedLines = removed.filter((line) => line.trim() !== '');
  return {
    addedLines: addedLines.slice(0, maxLines),
    removedLines: removedLines.slice(0, maxLines),
    addedCount: addedLines.length,
    removedCount: removedLines.length,
    unifiedDiff: unifiedDiff(edits),
  };
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

function replacement(removed: string[], added: string[]): Edit[] {
  return [...removed.map((line): Edit => ['-', line]), ...added.map((line): Edit => ['+', line])];
}

/**
 * The edit script as `diff -u` prints its hunks: `@@ -start,count +start,count @@` headers, each
 * change with `CONTEXT_LINES` kept lines around it, hunks closer than twice that merged.
 */
function unifiedDiff(edits: Edit[]): string {
  const changes = edits.flatMap(([kind], index) => (kind === ' ' ? [] : [index]));
  const out: string[] = [];
  let first = 0;
  while (first < changes.length) {
    let last = first;
    while (last + 1 < changes.length && changes[last + 1] - changes[last] <= 2 * CONTEXT_LINES) last += 1;
    const from = Math.max(0, changes[first] - CONTEXT_LINES);
    const hunk = edits.slice(from, Math.min(edits.length, changes[last] + CONTEXT_LINES + 1));
    if (out.length + hunk.length + 1 > MAX_DIFF_LINES) break;
    const range = (side: '-' | '+') => {
      const other = side === '-' ? '+' : '-';
      const start = edits.slice(0, from).filter(([kind]) => kind !== other).length;
      const count = hunk.filter(([kind]) => kind !== other).length;
      return `${side}${count === 0 ? start : start + 1},${count}`;
    };
    out.push(`@@ ${range('-')} ${range('+')} @@`, ...hunk.map(([kind, line]) => kind + line));
    first = last + 1;
  }
  return out.join('\n');
}

/** Myers' greedy shortest edit script; undefined when it needs more than `maxEdits` edits. */
function myers(a: string[], b: string[], maxEdits: number): Edit[] | undefined {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  let v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
    v = next;
  }
  return undefined;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number, depth: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x -= 1;
      y -= 1;
      edits.push([' ', a[x]]);
    }
    edits.push(x === prevX ? ['+', b[prevY]] : ['-', a[prevX]]);
    x = prevX;
    y = prevY;
  }
  while (x > 0) edits.push([' ', a[--x]]);
  return edits.reverse();
}

function multisetDifference(a: string[], b: string[]): { added: string[]; removed: string[] } {
  const count = (lines: string[]) =>
    lines.reduce((map, line) => map.set(line, (map.get(line) ?? 0) + 1), new Map<string, number>());
  const inA = count(a);
  const inB = count(b);
  const take = (lines: string[], other: Map<string, number>) =>
    lines.filter((line) => {
      const left = other.get(line) ?? 0;
      if (left > 0) other.set(line, left - 1);
      return left === 0;
    });
  return { added: take(b, inA), removed: take(a, inB) };
}
