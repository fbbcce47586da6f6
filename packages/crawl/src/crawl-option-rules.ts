import { integerOption, methodsOption, numberOption, type OptionRules } from '@quarry/core';
import type { CrawlModuleOptions } from './crawl-options.interface';

/** How each CrawlModule option is checked at boot. */
export const CRAWL_OPTION_RULES: OptionRules<CrawlModuleOptions> = {
  hostConcurrency: integerOption(1),
  hostRequestsPerSecond: numberOption(0.01),
  pageConcurrency: integerOption(1),
  crawlConcurrency: integerOption(1),
  progressPollMs: integerOption(10),
  pagePrice: integerOption(0),
  mapPrice: integerOption(0),
  billing: methodsOption('reserve', 'charge', 'release', 'requireBalance'),
  webhookSecrets: methodsOption('signingSecrets'),
  maxSitemapBytes: integerOption(1024),
  maxSitemapUrls: integerOption(1),
  maxSitemaps: integerOption(1),
  callbackAttempts: integerOption(1),
  callbackBackoffMs: integerOption(0),
  jobRetentionMs: integerOption(1),
};
