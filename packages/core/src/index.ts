export * from './errors/quarry-error';
export * from './time/clock';
export * from './time/id-generator';
export * from './persistence/timestamp-column';
export * from './persistence/database-url';
export { QUARRY_DATA_SOURCE, InjectQuarryDataSource } from './persistence/quarry-data-source';
export * from './queue/job-queue';
export * from './http/quarry-exception.filter';
export * from './http/quarry-validation.pipe';
export * from './http/quarry-http.decorator';
export { ApiKeySecurityDocs, GuardedRoutes, RouteGuard, routeGuardProvider } from './http/route-guard';
export type { QuarryHttpModuleOptions } from './http/route-guard';
export * from './http/current-account.decorator';
export * from './ports/billing';
export * from './http/optional-field.decorator';
export * from './config/env-reader';
export * from './http/error-body.dto';
export * from './time/quarry-core.module';
export {
  resolveJobOptions,
  retryDelayAfter,
  normalizeJobData,
  isUnrecoverableJobError,
  jobErrorMessage,
} from './queue/job-policy';
export type { ResolvedJobOptions } from './queue/job-policy';
export { DatabaseJobQueue } from './queue/database/database-job-queue';
export { DATABASE_JOB_QUEUE_DEFAULTS } from './queue/database/database-job-queue-options.interface';
export type { DatabaseJobQueueOptions } from './queue/database/database-job-queue-options.interface';
export { QueueModule } from './queue/queue.module';
export { QUEUE_MODULE_OPTIONS } from './queue/queue.module-definition';
export { coreEntities, coreMigrations } from './queue/core-schema';
export * from './persistence/constraint-violation';
export * from './redis/close-redis-connection';
export * from './module/quarry-module-extras';
export * from './module/module-requirements';
export * from './module/checked-providers';
