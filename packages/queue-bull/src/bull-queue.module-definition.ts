import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import type { BullJobQueueOptions } from './bull-job-queue-options.interface';

export const {
  ConfigurableModuleClass: ConfigurableBullQueueModule,
  MODULE_OPTIONS_TOKEN: BULL_QUEUE_MODULE_OPTIONS,
  OPTIONS_TYPE: BULL_QUEUE_MODULE_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: BULL_QUEUE_MODULE_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<BullJobQueueOptions>({ moduleName: 'BullQueue' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
