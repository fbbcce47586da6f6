import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread alone to `nice`. Linux keeps a niceness per
 * thread and names the calling thread's id in `/proc/thread-self`; elsewhere, or when that cannot be
 * read, the thread keeps the process's priority.
 */
export function niceThisThread(nice: number): void {
  if (nice <= 0 || process.platform !== 'linux') return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId)) setPriority(threadId, nice);
  } catch {
    // No /proc, or a sandbox that refuses: the thread reads at the process's priority.
  }
}
