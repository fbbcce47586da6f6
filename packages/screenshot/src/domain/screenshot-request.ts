/** One capture, as `ScreenshotService.capture` takes it. */
export interface ScreenshotRequest {
  /** A public http(s) URL. */
  url: string;
  /** CSS selector (or puppeteer selector) to wait for after the page settled. */
  waitForSelector?: string;
  /** Milliseconds to wait after the page settled and the selector appeared, 0..10000. @default 0 */
  extraWaitMs?: number;
  /** The whole scrollable page instead of the viewport, cut at `maxFullPageHeight`. @default false */
  fullPage?: boolean;
  /** JPEG quality, 1..100. @default the module's `defaultQuality` (80) */
  quality?: number;
  /** Budget of the whole capture, queue wait included, 1000..120000 ms. @default the module's `defaultTimeoutMs` (30000) */
  timeoutMs?: number;
}

/** A successful capture. */
export interface Screenshot {
  /** JPEG bytes. */
  image: Buffer;
  /** As requested. */
  url: string;
  /** The main document's URL after redirects and script navigation. */
  finalUrl: string;
  /** HTTP status of the main document, null when it had none. */
  status: number | null;
  width: number;
  height: number;
  /** Sub-resource requests the network policy refused (they load as failures; the capture goes on). */
  blockedRequests: number;
  /** 2 when the first try was lost to a browser crash. */
  attempts: number;
}
