import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import type { DatabaseJobQueueOptions } from './database-job-queue-options.interface';

export const {
  ConfigurableModuleClass: ConfigurableDatabaseQueueModule,
  MODULE_OPTIONS_TOKEN: DATABASE_QUEUE_MODULE_OPTIONS,
  OPTIONS_TYPE: DATABASE_QUEUE_MODULE_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: DATABASE_QUEUE_MODULE_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<DatabaseJobQueueOptions>({ moduleName: 'DatabaseQueue' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
