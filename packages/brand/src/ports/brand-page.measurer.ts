import type { PageMeasurement } from '../page/page-measurement';

/** How a page is rendered before it is measured. */
export interface MeasureOptions {
  /** The whole job's budget: waiting for a browser page, loading and measuring. */
  timeoutMs: number;
  viewportWidth: number;
  viewportHeight: number;
  /** Longest wait, after the document arrived, for its load event, web fonts and a quiet network. */
  settleTimeoutMs: number;
  /** How long the network must stay quiet before measuring. */
  networkQuietMs: number;
}

/** One rendering of a page, measured unless it could not be. */
export interface MeasuredPage {
  /** HTTP status of the main document, null when it had none; loading stops at an error status. */
  status: number | null;
  /** What the in-page measurement found; undefined when the document kept being replaced or time ran out. */
  measurement?: PageMeasurement;
  /** Whether the job's budget was spent before the measurement. */
  outOfTime: boolean;
}

/**
 * Renders a public page in the light colour-scheme preference and measures it once it settled.
 * Throws `BrowserError` (BUSY when every page is taken and the queue is full) as the pool does.
 */
export abstract class BrandPageMeasurer {
  abstract measure(url: string, options: MeasureOptions): Promise<MeasuredPage>;
}
