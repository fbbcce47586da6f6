import { ChangeSummary } from './monitor';

/** Lines kept in each of `addedLines` and `removedLines`; the counts are always totals. */
const MAX_SUMMARY_LINES = 200;

/**
 * The lines added and removed between two texts, in the order they appear: a shortest edit script
 * (Myers' O(ND) algorithm) after trimming the common head and tail. Blank lines are not reported.
 * When the texts differ in more than `maxEdits` lines, the common lines are matched as multisets
 * instead, which still names every added and removed line but may miss moved ones.
 */
export function diffLines(
  before: string,
  after: string,
  maxLines = MAX_SUMMARY_LINES,
  maxEdits = 1000,
): ChangeSummary {
  const { added, removed } = editScript(splitLines(before), splitLines(after), maxEdits);
  const addedLines = added.filter((line) => line.trim() !== '');
  const removedLines = removed.filter((line) => line.trim() !== '');
  return {
    addedLines: addedLines.slice(0, maxLines),
    removedLines: removedLines.slice(0, maxLines),
    addedCount: addedLines.length,
    removedCount: removedLines.length,
  };
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

function editScript(a: string[], b: string[], maxEdits: number): { added: string[]; removed: string[] } {
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
  if (x.length === 0 || y.length === 0) return { added: y, removed: x };
  return myers(x, y, maxEdits) ?? multisetDifference(x, y);
}

/** Myers' greedy shortest edit script; undefined when it needs more than `maxEdits` edits. */
function myers(
  a: string[],
  b: string[],
  maxEdits: number,
): { added: string[]; removed: string[] } | undefined {
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

function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number, depth: number) {
  const added: string[] = [];
  const removed: string[] = [];
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
    }
    if (x === prevX) added.push(b[prevY]);
    else removed.push(a[prevX]);
    x = prevX;
    y = prevY;
  }
  return { added: added.reverse(), removed: removed.reverse() };
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
