import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { eventually } from './eventually';
import type { FixtureResponse } from './fixture-server';

export interface CloseReport {
  /** Handles the scenario opened (timers, sockets, servers, child processes) that still keep the process alive. */
  leaked: string[];
}

interface Tracked {
  type: string;
  resource: { hasRef?: () => boolean };
}

/** Async resources that keep a process alive while they are referenced. */
const HANDLE_TYPES = new Set([
  'Timeout',
  'Immediate',
  'TCPWRAP',
  'TCPSERVERWRAP',
  'PIPEWRAP',
  'PIPESERVERWRAP',
  'UDPWRAP',
  'PROCESSWRAP',
  'TLSWRAP',
]);

/**
 * Runs `scenario` (typically: start a module, maybe give it work, close it) and reports the
 * handles it opened that still keep the event loop alive once everything it started has had
 * `settleMs` to finish. Only what the scenario's own async chain created counts, so the test
 * runner's timers and earlier tests' resources do not. A rejection nobody handles fails the test
 * through the test runner itself.
 */
export async function closeReport(scenario: () => Promise<void>, settleMs = 10_000): Promise<CloseReport> {
  const scope = new AsyncLocalStorage<true>();
  const opened = new Map<number, Tracked>();
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (scope.getStore() && HANDLE_TYPES.has(type))
        opened.set(id, { type, resource: resource as Tracked['resource'] });
    },
    destroy(id) {
      opened.delete(id);
    },
  });
  const leaked = () => summarize([...opened.values()].filter(({ resource }) => resource.hasRef?.() ?? true));
  hook.enable();
  try {
    await scope.run(true, scenario);
    await eventually(() => leaked().length === 0, settleMs).catch(() => undefined);
    // Rejections of work cut by the close surface on the turns after it, inside the test.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { leaked: leaked() };
  } finally {
    hook.disable();
  }
}

function summarize(handles: Tracked[]): string[] {
  const counts = new Map<string, number>();
  for (const { type } of handles) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${type} x${count}`);
}

/**
 * Fixture routes that keep work under way for 3 s, for closing a module mid-work: `/slow` (a late
 * answer, for the HTTP tier) and `/shell` (a page whose `<p>` comes with a script that takes 3 s,
 * for the browser).
 */
export function slowWorkRoutes(): Record<string, FixtureResponse> {
  return {
    '/slow': { delayMs: 3_000, body: 'late' },
    '/shell': {
      body: '<!doctype html><html><head><title>Slow</title></head><body><script src="/slow.js"></script></body></html>',
    },
    '/slow.js': { delayMs: 3_000, body: "document.body.append(document.createElement('p'));" },
  };
}
