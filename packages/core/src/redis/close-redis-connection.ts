/** What `closeRedisConnection` needs of an ioredis connection (kept structural: core does not depend on ioredis). */
export interface ClosableRedisConnection {
  readonly status: string;
  quit(): Promise<unknown>;
  disconnect(): void;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

const OPENING = new Set(['connecting', 'connect']);

/**
 * Closes an ioredis connection at any stage of its life, within `graceMs`. A connection still
 * opening may finish opening first, so the commands queued on it are answered instead of being
 * rejected with nobody listening; QUIT then lets the replies already on their way arrive. What
 * is still open after the grace is dropped.
 */
export async function closeRedisConnection(
  connection: ClosableRedisConnection,
  graceMs = 3_000,
): Promise<void> {
  if (connection.status === 'end') return;
  const deadline = Date.now() + graceMs;
  if (OPENING.has(connection.status)) await settles(connection, ['ready', 'error', 'end'], graceMs);
  if (connection.status === 'ready') {
    await Promise.race([
      connection.quit().catch(() => undefined),
      settles(connection, ['end'], Math.max(0, deadline - Date.now())),
    ]);
  }
  if (connection.status !== 'end') connection.disconnect();
}

function settles(connection: ClosableRedisConnection, events: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const event of events) connection.off(event, done);
      resolve();
    };
    // A shutdown step never keeps the process alive by itself.
    const timer = setTimeout(done, timeoutMs).unref();
    for (const event of events) connection.once(event, done);
  });
}
