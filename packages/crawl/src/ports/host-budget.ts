/** A held request slot of a host, given back with `release`. */
export interface HostSlot {
  host: string;
  slot: number;
  /** The lease it was taken with, so a late release never frees another's. */
  until: number;
}

/** Whether a request to a host may start now, and if not, how long to wait. */
export type HostTurn = { granted: true; slot: HostSlot } | { granted: false; waitMs: number };

/**
 * Per-host politeness shared by every worker: at most `concurrency` requests in flight to a host
 * and at most one start per `intervalMs`, whichever crawl, batch or account they are for.
 */
export abstract class HostBudget {
  /** A slot and a start time for one request to `host`, or the wait before asking again. */
  abstract take(host: string, concurrency: number, intervalMs: number, now: number): Promise<HostTurn>;
  abstract release(slot: HostSlot): Promise<void>;
  /**
   * The slot to hand to another request without giving it back, its lease extended from `now` unless
   * it has ample time left for one more fetch; undefined when its lease was lost.
   */
  abstract renew(slot: HostSlot, now: number): Promise<HostSlot | undefined>;
}
