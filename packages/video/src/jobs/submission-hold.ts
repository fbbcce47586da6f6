import type { VideoMode } from '../domain/video-request';
import type { VideoSettings } from '../video-options.interface';

type Prices = Pick<VideoSettings, 'captionPrice' | 'cachedPrice' | 'generatedPricePerMinute'>;

/**
 * The credits submission reserves for a job of `mode`: the least its transcript can cost (captions
 * or the cache for `native`, the cache or one minute generated for `generate`, any of them for
 * `auto`). The job charges its real price against this hold, holding more first when it costs more.
 */
export function submissionHold(prices: Prices, mode: VideoMode): number {
  const { captionPrice, cachedPrice, generatedPricePerMinute } = prices;
  if (mode === 'native') return Math.min(captionPrice, cachedPrice);
  if (mode === 'generate') return Math.min(cachedPrice, generatedPricePerMinute);
  return Math.min(captionPrice, cachedPrice, generatedPricePerMinute);
}
