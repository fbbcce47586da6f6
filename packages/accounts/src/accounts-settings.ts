import type { FactoryProvider } from '@nestjs/common';
import { booleanOption, integerOption, type OptionRules, resolveOptions, stringOption } from '@quarry/core';
import { ACCOUNTS_MODULE_OPTIONS, type AccountsModuleOptions } from './accounts.module-definition';

export const ACCOUNTS_DEFAULTS = {
  workRequestsPerMinute: 60,
  readRequestsPerMinute: 600,
  webhookSecretGraceMs: 24 * 60 * 60 * 1000,
  requestLog: true,
} satisfies AccountsModuleOptions;

const ACCOUNTS_OPTION_RULES: OptionRules<AccountsModuleOptions> = {
  workRequestsPerMinute: integerOption(1),
  readRequestsPerMinute: integerOption(1),
  redisUrl: stringOption(),
  webhookSecretGraceMs: integerOption(0),
  adminToken: stringOption(),
  requestLog: booleanOption,
};

/** The options with their defaults applied, checked at boot; inject with `@Inject(ACCOUNTS_SETTINGS)`. */
export type AccountsSettings = typeof ACCOUNTS_DEFAULTS & AccountsModuleOptions;
export const ACCOUNTS_SETTINGS = Symbol('AccountsSettings');

export const accountsSettingsProvider: FactoryProvider<AccountsSettings> = {
  provide: ACCOUNTS_SETTINGS,
  inject: [ACCOUNTS_MODULE_OPTIONS],
  useFactory: (options: AccountsModuleOptions) =>
    resolveOptions('AccountsModule', ACCOUNTS_DEFAULTS, options, ACCOUNTS_OPTION_RULES),
};
