import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '../module/quarry-module-extras';
import type { DatabaseJobQueueOptions } from './database/database-job-queue-options.interface';

export const {
  ConfigurableModuleClass: ConfigurableQueueModule,
  MODULE_OPTIONS_TOKEN: QUEUE_MODULE_OPTIONS,
  OPTIONS_TYPE: QUEUE_MODULE_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: QUEUE_MODULE_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<DatabaseJobQueueOptions>({ moduleName: 'Queue' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
