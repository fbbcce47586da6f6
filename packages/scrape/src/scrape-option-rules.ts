import { integerOption, methodsOption, type OptionRules, stringOption } from '@quarry/core';
import type { ScrapeModuleOptions } from './scrape-options.interface';

/** How each ScrapeModule option is checked at boot. */
export const SCRAPE_OPTION_RULES: OptionRules<ScrapeModuleOptions> = {
  cacheTtlMs: integerOption(1),
  defaultTimeoutMs: integerOption(1),
  maxBodyBytes: integerOption(1),
  readingThreads: integerOption(1),
  readingMemoryMb: integerOption(16),
  readingNice: integerOption(0, 19),
  redisUrl: stringOption(),
  redisPrefix: stringOption(),
  price: integerOption(0),
  billing: methodsOption('reserve', 'charge', 'release', 'requireBalance'),
  webhookSecrets: methodsOption('signingSecrets'),
  asyncAttempts: integerOption(1),
  asyncBackoffMs: integerOption(0),
  callbackAttempts: integerOption(1),
  callbackBackoffMs: integerOption(0),
  jobRetentionMs: integerOption(1),
};
