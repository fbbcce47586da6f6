// CPU time and memory of running processes, read from /proc (Linux), for benchmarks that measure
// a service or a child process from outside without a profiler.
import { existsSync, readFileSync } from 'node:fs';

/** `getconf CLK_TCK`, 100 on every Linux Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * A process's user + system CPU time so far, in ms, from /proc/<pid>/stat; with `thread`, that
 * thread's alone (the main thread's id is the pid).
 */
export function cpuMsOf(pid, thread) {
  const stat = readFileSync(
    thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
    'utf8',
  );
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** A process's resident memory now, in MB, from /proc/<pid>/status. */
export function rssMbOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/**
 * Starts metering `processes` (`[{ name, pid }]`): their CPU time from now, and their RSS every
 * `intervalMs`. `stop()` returns, per process, `{ name, cpuMs, rss: { start, middle, end, max } }`
 * (MB; `middle` is the sample halfway through the run).
 */
export function meterProcesses(processes, intervalMs = 250) {
  const cpuAtStart = processes.map(({ pid }) => cpuMsOf(pid));
  const samples = processes.map(() => []);
  const sample = () =>
    processes.forEach(({ pid, name }, i) => {
      if (!existsSync(`/proc/${pid}/status`)) throw new Error(`${name} (${pid}) exited while metered`);
      samples[i].push(rssMbOf(pid));
    });
  sample();
  const timer = setInterval(sample, intervalMs);
  let result;
  return {
    /** Stops metering; the same result on every call. */
    stop() {
      if (result) return result;
      clearInterval(timer);
      sample();
      result = processes.map(({ name, pid }, i) => ({
        name,
        cpuMs: cpuMsOf(pid) - cpuAtStart[i],
        rss: {
          start: samples[i][0],
          middle: samples[i][Math.floor(samples[i].length / 2)],
          end: samples[i].at(-1),
          max: Math.max(...samples[i]),
        },
      }));
      return result;
    },
  };
}

/**
 * Resolves once the process has used under `quietMs` of CPU in each of two consecutive 250 ms
 * windows (its start-up is over), or fails after `timeoutMs`.
 */
export async function untilQuiet(pid, { quietMs = 25, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (let quietWindows = 0, before = cpuMsOf(pid); quietWindows < 2;) {
    if (Date.now() > deadline) throw new Error(`process ${pid} was still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuMsOf(pid);
    quietWindows = now - before < quietMs ? quietWindows + 1 : 0;
    before = now;
  }
}
