import { readdirSync, readFileSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
  name: string;
}

/** Every live process in `pid`'s process group or descended from it (Linux /proc). */
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
      const close = stat.lastIndexOf(')');
      const [state, ppid, pgid] = stat.slice(close + 2).split(' ');
      if (state !== 'Z')
        entries.push({
          pid: Number(name),
          ppid: Number(ppid),
          pgid: Number(pgid),
          name: stat.slice(stat.indexOf('(') + 1, close),
        });
    } catch {
      // Gone while listing.
    }
  }
  return entries;
}
