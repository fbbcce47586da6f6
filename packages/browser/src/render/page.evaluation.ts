import type { Page } from 'puppeteer-core';

/** Script navigations can replace the document under an evaluation; it is run again on the new one. */
const CONTEXT_GONE =
  /Execution context was destroyed|Cannot find context|context with specified id|Inspected target navigated/i;

/** Evaluates `script`, again on the new document after a script navigation; undefined at `until` (epoch ms). */
export async function evaluateUntil<T>(
  page: Page,
  script: string,
  until: number,
  signal: AbortSignal,
): Promise<T | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const left = until - Date.now();
    if (left <= 0 || signal.aborted) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), left)));
    try {
      return await Promise.race([page.evaluate(script) as Promise<T>, timeout]);
    } catch (error) {
      if (!(error instanceof Error) || !CONTEXT_GONE.test(error.message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(0, until - Date.now()))));
    } finally {
      clearTimeout(timer);
    }
  }
  return undefined;
}
