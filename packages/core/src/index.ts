export {
  QuarryError,
  InvalidRequestError,
  UnauthorizedError,
  PaymentRequiredError,
  NotFoundError,
  PayloadTooLargeError,
  NotImplementedError,
  RateLimitedError,
} from './errors/quarry-error';
export { QuarryExceptionFilter } from './http/quarry-exception.filter';
export { QuarryHttp } from './http/quarry-http.decorator';
export { OptionalField } from './http/optional-field.decorator';
export {
  HTTP_URL_PATTERN,
  HttpUrlField,
  type HttpUrlFieldOptions,
  MAX_URL_LENGTH,
} from './http/http-url.decorator';
export { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS, TimeoutMsField } from './http/timeout-ms-field.decorator';
export {
  CONTROL_CHARACTERS,
  NO_CONTROL_CHARACTERS_PATTERN,
  NoControlCharacters,
} from './http/no-control-characters.decorator';
export {
  ApiKeySecurityDocs,
  GuardedRoutes,
  RouteGuard,
  routeGuardProvider,
  type QuarryHttpModuleOptions,
} from './http/route-guard';
export { ANONYMOUS_ACCOUNT, CurrentAccount } from './http/current-account.decorator';
export {
  ErrorBodyDto,
  NotFoundErrorBodyDto,
  NotImplementedErrorBodyDto,
  PayloadTooLargeErrorBodyDto,
  PaymentRequiredErrorBodyDto,
  RateLimitedErrorBodyDto,
  UnauthorizedErrorBodyDto,
  ValidationErrorBodyDto,
} from './http/error-body.dto';
export { Billing, FreeBilling, type PricedWork } from './ports/billing';
export { holdForJob, PRICE_HOLD_MS, runPaid, type PaidWorkOptions } from './ports/paid-work';
export { ConfigError, EnvReader } from './config/env-reader';
export { Clock, SystemClock } from './time/clock';
export { IdGenerator, TimeOrderedIdGenerator } from './time/id-generator';
export { QuarryCoreModule, type QuarryCoreModuleOptions } from './time/quarry-core.module';
export { QUARRY_DATA_SOURCE, InjectQuarryDataSource } from './persistence/quarry-data-source';
export {
  dataSourceOptionsFromUrl,
  type DatabaseEngine,
  type DataSourceParts,
} from './persistence/database-url';
export { PreparedSql, type SqliteHandle, type SqliteStatement } from './persistence/prepared-sql';
export { SqliteChangeCounter } from './persistence/sqlite-change-counter';
export { TimestampColumn } from './persistence/timestamp-column';
export {
  CallbackDeliveryColumns,
  callbackDeliveryOf,
  countDeliveryAttempt,
  newCallbackDelivery,
  recordDelivery,
  type StoredCallbackDelivery,
} from './persistence/callback-delivery.columns';
export {
  isCheckViolation,
  isForeignKeyViolation,
  isUniqueViolation,
} from './persistence/constraint-violation';
export { closeRedisConnection, type ClosableRedisConnection } from './redis/close-redis-connection';
export {
  COMMON_REQUIREMENTS,
  MissingModuleRequirementError,
  type ModuleRequirements,
} from './module/module-requirements';
export { checkedProviders, requirementsCheck } from './module/checked-providers';
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
  applyQuarryHttpModuleExtras,
  applyQuarryModuleExtras,
  QUARRY_HTTP_MODULE_EXTRAS,
  QUARRY_MODULE_EXTRAS,
  type QuarryHttpModuleExtras,
  type QuarryModuleExtras,
} from './module/quarry-module-extras';
export {
  backoffDelay,
  DeferJobError,
  JobQueue,
  RetryJobError,
  UnrecoverableJobError,
  type JobBackoff,
  type JobContext,
  type JobHandler,
  type JobOptions,
  type JobState,
  type JobStatus,
  type ProcessOptions,
} from './queue/job-queue';
export {
  deferDelayMs,
  isUnrecoverableJobError,
  jobErrorMessage,
  normalizeJobData,
  resolveJobOptions,
  retryDelayAfter,
} from './queue/job-policy';
export { DatabaseJobQueue } from './queue/database/database-job-queue';
export type { DatabaseJobQueueOptions } from './queue/database/database-job-queue-options.interface';
export { QueueModule } from './queue/queue.module';
export { QUEUE_MODULE_OPTIONS } from './queue/queue.module-definition';
export { coreEntities, coreMigrations } from './queue/core-schema';
