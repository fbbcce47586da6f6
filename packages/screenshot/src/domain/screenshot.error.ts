import { QuarryError } from '@quarry/core';

export type ScreenshotErrorCode = 'UPSTREAM_ERROR' | 'CAPTURE_FAILED' | 'TIMEOUT';

const STATUS: Record<ScreenshotErrorCode, number> = {
  UPSTREAM_ERROR: 422,
  CAPTURE_FAILED: 502,
  TIMEOUT: 504,
};

/**
 * A capture that failed, as docs/api.md §5 shows it: `{ error: CODE, message, url }`, and for
 * `UPSTREAM_ERROR` also `status`, the origin's HTTP status (null when the origin gave no HTTP answer).
 */
export class ScreenshotError extends QuarryError {
  constructor(
    override readonly code: ScreenshotErrorCode,
    message: string,
    readonly url: string,
    readonly originStatus: number | null = null,
  ) {
    super(code, message, STATUS[code], code === 'UPSTREAM_ERROR' ? { url, status: originStatus } : { url });
  }
}
