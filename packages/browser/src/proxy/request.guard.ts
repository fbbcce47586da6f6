import { isIP } from 'node:net';
import type { PublicUrlPolicy } from '@quarry/net';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { targetKey, type ProxyJournal } from './proxy.journal';

const IN_PAGE_SCHEMES = new Set(['data:', 'blob:', 'about:']);

/** Outranks any cooperative handler a caller adds, so a refusal here always wins. */
const GUARD_PRIORITY = 1_000_000;

/**
 * The second layer, in the page: aborts any request that is neither http(s) nor in-page data
 * (file:, ftp:, chrome:, ...) and http(s) to IP literals the policy refuses, before they reach
 * the proxy. The proxy stays the authority; this only catches what needs no DNS to judge.
 */
export async function guardRequests(
  page: Page,
  policy: PublicUrlPolicy,
  journal: ProxyJournal,
): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    const refusedTarget = refusal(request.url(), policy);
    if (refusedTarget === undefined) {
      void request.continue(request.continueRequestOverrides(), 0).catch(() => undefined);
      return;
    }
    journal.record(refusedTarget, 'BLOCKED');
    void request.abort('blockedbyclient', GUARD_PRIORITY).catch(() => undefined);
  });
}

/** The host:port key to record when `url` must not load, else undefined. */
function refusal(url: string, policy: PublicUrlPolicy): string | undefined {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (IN_PAGE_SCHEMES.has(parsed.protocol)) return undefined;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${parsed.protocol}${parsed.host}`;
  const port = Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) === 0 || policy.isAllowed(host, port) || policy.isPublicAddress(host)) return undefined;
  return targetKey(parsed.hostname, port);
}
