/**
 * Runs `work` on every item, at most `limit` at once, in order of the items. The first failure
 * aborts the signal the others were given (so their requests and processes stop) and is thrown
 * once every started item has settled; `signal` aborts them all the same way.
 */
export async function eachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const stop = new AbortController();
  const shared = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const item = items[next];
      next += 1;
      try {
        shared.throwIfAborted();
        await work(item, shared);
      } catch (error) {
        if (failure) continue;
        failure = { error };
        stop.abort(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}
