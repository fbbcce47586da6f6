import { BrowserPool, loadPage } from '@quarry/browser';
import { BrandPageMeasurer, type MeasuredPage, type MeasureOptions } from '../ports/brand-page.measurer';
import { BRAND_MEASURE } from './brand-measure.script';
import type { PageMeasurement } from './page-measurement';

/** Measures pages on a page of the browser pool: an incognito context behind the pool's network policy. */
export class PooledBrandPageMeasurer extends BrandPageMeasurer {
  constructor(private readonly pool: BrowserPool) {
    super();
  }

  measure(url: string, options: MeasureOptions): Promise<MeasuredPage> {
    return this.pool.withPage(
      async (page, job) => {
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
        const loaded = await loadPage<PageMeasurement>(page, job, url, {
          settle: 'rendered',
          settleTimeoutMs: options.settleTimeoutMs,
          networkQuietMs: options.networkQuietMs,
          stopAtErrorStatus: true,
          inspect: BRAND_MEASURE,
        });
        return { status: loaded.status, measurement: loaded.inspection, outOfTime: job.remainingMs() === 0 };
      },
      {
        timeoutMs: options.timeoutMs,
        viewport: { width: options.viewportWidth, height: options.viewportHeight, deviceScaleFactor: 1 },
      },
    );
  }
}
