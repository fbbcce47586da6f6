import { readdirSync, readFileSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
}

/**
 * Every live process in `pid`'s process group or descended from it (Linux /proc): a launched
 * Chromium and its renderers, for tests that check nothing is left behind.
 */
export function processTree(pid: number): number[] {
  const entries = listProcesses();
  const found = new Set<number>(entries.filter((e) => e.pgid === pid || e.pid === pid).map((e) => e.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of entries) {
      if (!found.has(entry.pid) && found.has(entry.ppid)) {
        found.add(entry.pid);
        grew = true;
      }
    }
  }
  return [...found];
}

function listProcesses(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') entries.push({ pid: Number(name), ppid: Number(ppid), pgid: Number(pgid) });
    } catch {
      // Gone while listing.
    }
  }
  return entries;
}
