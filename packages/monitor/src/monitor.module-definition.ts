import { ConfigurableModuleBuilder } from '@nestjs/common';
import { MonitorModuleOptions } from './monitor-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: MONITOR_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<MonitorModuleOptions>({ moduleName: 'Monitor' })
  .setClassMethodName('forRoot')
  .setExtras({ isGlobal: true }, (definition, extras) => ({ ...definition, global: extras.isGlobal }))
  .build();
