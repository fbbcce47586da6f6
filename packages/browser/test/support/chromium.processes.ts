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
  const found = new Set<number>();
  for (const entry of entries) if (entry.pgid === pid || entry.pid === pid) found.add(entry.pid);
  let grew = true;
  while (grew) {
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
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const [state, ppid, pgid] = stat.slice(close + 2).split(' ');
      if (state === 'Z') continue;
      entries.push({ pid: Number(name), ppid: Number(ppid), pgid: Number(pgid), name: comm });
    } catch {
      // Gone while listing.
    }
  }
  return entries;
}
