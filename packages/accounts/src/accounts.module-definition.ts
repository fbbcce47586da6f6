import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';

export interface AccountsModuleOptions {
  /**
   * Requests per minute per key on routes marked `@MeteredRoute()` (scrape, screenshot, brand).
   * @default 60
   */
  workRequestsPerMinute?: number;
  /**
   * Requests per minute per key on every other authenticated route.
   * @default 600
   */
  readRequestsPerMinute?: number;
  /** Redis URL for rate-limit counters shared by every instance; counters are in memory when absent. */
  redisUrl?: string;
  /**
   * After a webhook secret is rotated, how long callbacks keep a second signature made with the old one.
   * @default 86400000 (24 h)
   */
  webhookSecretGraceMs?: number;
  /** Bearer token of the operator API (`AccountsAdminHttpModule`); the admin API answers 404 when absent. */
  adminToken?: string;
  /**
   * Keep a log of API requests made with keys (time, key, route, URL asked, status, credits,
   * duration) for 7 days, written in batches after each response; `false` records nothing.
   * @default true
   */
  requestLog?: boolean;
}

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: ACCOUNTS_MODULE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<AccountsModuleOptions>({ moduleName: 'Accounts' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
