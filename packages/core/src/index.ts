export {
  QuarryError,
  InvalidRequestError,
  UnauthorizedError,
  ForbiddenError,
  PaymentRequiredError,
  NotFoundError,
  PayloadTooLargeError,
  NotImplementedError,
  RateLimitedError,
} from './errors/quarry-error';
export { AccountDirectory } from './ports/account-directory';
export {
  Billing,
  billingOf,
  FreeBilling,
  type PricedWork,
  type SettingsBeforeBilling,
} from './ports/billing';
export { webhookSecretsOf, WebhookSigningSecrets } from './ports/webhook-signing-secrets';
export { holdForJob, PRICE_HOLD_MS, runPaid } from './ports/paid-work';
export { ConfigError, EnvReader } from './config/env-reader';
export { Clock, SystemClock } from './time/clock';
export { LruMap } from './collections/lru-map';
export { IdGenerator } from './time/id-generator';
export { QuarryCoreModule } from './time/quarry-core.module';
export { CONTROL_CHARACTERS, HTTP_URL_PATTERN, MAX_URL_LENGTH } from './input/input-rules';
export { MAX_PATTERN_REPEAT, patternRefusal, type PatternRules } from './input/safe-pattern';
export { closeRedisConnection } from './redis/close-redis-connection';
export {
  COMMON_REQUIREMENTS,
  MissingModuleRequirementError,
  type ModuleRequirements,
} from './module/module-requirements';
export { checkedProviders, requirementsCheck } from './module/checked-providers';
export { isMissingPackage } from './module/missing-package';
export {
  anyOption,
  booleanOption,
  integerOption,
  methodsOption,
  ModuleOptionsError,
  numberOption,
  resolveOptions,
  stringOption,
  type OptionCheck,
  type OptionRules,
} from './module/resolve-options';
export {
  applyQuarryModuleExtras,
  QUARRY_MODULE_EXTRAS,
  type QuarryModuleExtras,
} from './module/quarry-module-extras';
export { healthIndicator, type HealthIndicatorResult } from './health/health-indicator';
