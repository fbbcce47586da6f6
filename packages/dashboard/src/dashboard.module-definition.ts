import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import type { DashboardModuleOptions } from './dashboard-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: DASHBOARD_MODULE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<DashboardModuleOptions>({ moduleName: 'Dashboard' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
