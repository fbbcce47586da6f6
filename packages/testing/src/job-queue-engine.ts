import type { JobQueue } from '@quarry/queue';

/** What the contract suite varies between the engines it opens. */
export interface JobQueueEngineSettings {
  /** `false` opens an engine as `QUARRY_ROLE=api` does: it enqueues and reads, never runs handlers. */
  runWorkers?: boolean;
  shutdownGraceMs?: number;
}

/** A started engine, as an app holds it between boot and shutdown. */
export interface OpenedJobQueue {
  queue: JobQueue;
  /** Shuts the engine down the way the app does (graceful), then releases its connections. */
  close(): Promise<void>;
}

/**
 * A function exported by a module that opens an engine on a shared store; the contract suite calls
 * it in child processes too, so `argument` must survive JSON.
 */
export type JobQueueEngineOpener<A = unknown> = (
  argument: A,
  settings?: JobQueueEngineSettings,
) => Promise<OpenedJobQueue>;

/** Where a child process finds the opener: an absolute module path (TypeScript sources are fine) and its export. */
export interface JobQueueEngineModule {
  module: string;
  exportName: string;
  argument: unknown;
}
