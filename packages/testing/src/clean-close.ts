import realProcess from 'node:process';
import { eventually } from './eventually';

export interface CloseReport {
  /** Unhandled rejections and uncaught exceptions raised while the scenario ran or settled. */
  escaped: string[];
  /** Handle types (sockets, timers, ...) that keep the process alive and were not there before. */
  leaked: string[];
}

/**
 * Runs `scenario` (typically: start a module, maybe give it work, close it) and reports what it
 * left behind once everything it started has had `settleMs` to finish: errors nobody handled, and
 * handles that keep the event loop alive beyond those open before it began.
 */
export async function closeReport(scenario: () => Promise<void>, settleMs = 10_000): Promise<CloseReport> {
  const escaped: string[] = [];
  const record = (error: unknown) => escaped.push(error instanceof Error ? error.message : String(error));
  const before = resourceCounts();
  realProcess.on('unhandledRejection', record);
  realProcess.on('uncaughtException', record);
  try {
    await scenario();
    const leaked = () => newResources(before);
    await eventually(() => leaked().length === 0, settleMs).catch(() => undefined);
    // Rejections of work cut by the close surface on the turns after it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { escaped, leaked: leaked() };
  } finally {
    realProcess.off('unhandledRejection', record);
    realProcess.off('uncaughtException', record);
  }
}

function resourceCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const type of realProcess.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

function newResources(before: Map<string, number>): string[] {
  return [...resourceCounts()]
    .filter(([type, count]) => count > (before.get(type) ?? 0))
    .map(([type, count]) => `${type} x${count - (before.get(type) ?? 0)}`);
}
