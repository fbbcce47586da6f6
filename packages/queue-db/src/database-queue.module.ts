import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { checkedProviders, COMMON_REQUIREMENTS, type ModuleRequirements } from '@quarry/core';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { JobQueue } from '@quarry/queue';
import { DatabaseJobQueue } from './database-job-queue';
import type { DatabaseJobQueueOptions } from './database-job-queue-options.interface';
import {
  ConfigurableDatabaseQueueModule,
  DATABASE_QUEUE_MODULE_ASYNC_OPTIONS_TYPE,
  DATABASE_QUEUE_MODULE_OPTIONS,
  DATABASE_QUEUE_MODULE_OPTIONS_TYPE,
} from './database-queue.module-definition';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const DATABASE_QUEUE_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'DatabaseQueueModule',
  requirements: [{ token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource }],
};

/**
 * Provides `JobQueue` as the in-process engine, with job rows in the app's TypeORM `DataSource`
 * (register `TypeOrmModule.forRoot` with `queueDbEntities` and `queueDbMigrations`). Global by default, so
 * feature modules inject `JobQueue` without importing it.
 */
@Module({
  providers: checkedProviders(DATABASE_QUEUE_REQUIREMENTS, [
    {
      provide: DatabaseJobQueue,
      useFactory: (options: DatabaseJobQueueOptions, dataSource: DataSource) =>
        new DatabaseJobQueue(dataSource, options),
      inject: [DATABASE_QUEUE_MODULE_OPTIONS, QUARRY_DATA_SOURCE],
    },
    { provide: JobQueue, useExisting: DatabaseJobQueue },
  ]),
  exports: [JobQueue, DatabaseJobQueue],
})
export class DatabaseQueueModule extends ConfigurableDatabaseQueueModule {
  static override forRoot(options: typeof DATABASE_QUEUE_MODULE_OPTIONS_TYPE = {}): DynamicModule {
    return super.forRoot(options);
  }

  static override forRootAsync(options: typeof DATABASE_QUEUE_MODULE_ASYNC_OPTIONS_TYPE): DynamicModule {
    return super.forRootAsync(options);
  }
}
