import { DynamicModule, Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { QUARRY_DATA_SOURCE } from '../persistence/quarry-data-source';
import { DatabaseJobQueue } from './database/database-job-queue';
import type { DatabaseJobQueueOptions } from './database/database-job-queue-options.interface';
import { JobQueue } from './job-queue';
import {
  ConfigurableQueueModule,
  QUEUE_MODULE_ASYNC_OPTIONS_TYPE,
  QUEUE_MODULE_OPTIONS,
  QUEUE_MODULE_OPTIONS_TYPE,
} from './queue.module-definition';

/**
 * Provides `JobQueue` as the in-process engine, with job rows in the app's TypeORM `DataSource`
 * (register `TypeOrmModule.forRoot` with `coreEntities` and `coreMigrations`). Global, so feature
 * modules inject `JobQueue` without importing it.
 */
@Global()
@Module({
  providers: [
    {
      provide: DatabaseJobQueue,
      useFactory: (options: DatabaseJobQueueOptions, dataSource: DataSource) =>
        new DatabaseJobQueue(dataSource, options),
      inject: [QUEUE_MODULE_OPTIONS, QUARRY_DATA_SOURCE],
    },
    { provide: JobQueue, useExisting: DatabaseJobQueue },
  ],
  exports: [JobQueue, DatabaseJobQueue],
})
export class QueueModule extends ConfigurableQueueModule {
  static override forRoot(options: typeof QUEUE_MODULE_OPTIONS_TYPE = {}): DynamicModule {
    return super.forRoot(options);
  }

  static override forRootAsync(options: typeof QUEUE_MODULE_ASYNC_OPTIONS_TYPE): DynamicModule {
    return super.forRootAsync(options);
  }
}
