import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import { MonitorModuleOptions } from './monitor-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: MONITOR_MODULE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<MonitorModuleOptions>({ moduleName: 'Monitor' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
