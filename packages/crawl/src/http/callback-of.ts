import type { CrawlCallback } from '../domain/crawl-request';
import type { CrawlCallbackFieldsDto } from './dto/crawl-callback.dto';

/** The callback of a request body, when it names a callbackUrl. */
export function callbackOf({
  callbackUrl,
  callbackToken,
  webhookEvents,
}: CrawlCallbackFieldsDto): CrawlCallback | undefined {
  return callbackUrl ? { url: callbackUrl, token: callbackToken, events: webhookEvents } : undefined;
}
