export { DatabaseJobQueue } from './database-job-queue';
export type { DatabaseJobQueueOptions } from './database-job-queue-options.interface';
export { DatabaseQueueModule } from './database-queue.module';
export { DATABASE_QUEUE_MODULE_OPTIONS } from './database-queue.module-definition';
export { queueDbEntities, queueDbMigrations } from './queue-db-schema';
