import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { ScreenshotModuleOptions } from './screenshot-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: SCREENSHOT_MODULE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<ScreenshotModuleOptions>({ moduleName: 'Screenshot' })
  .setClassMethodName('forRoot')
  .setExtras({ isGlobal: true }, (definition, extras) => ({ ...definition, global: extras.isGlobal }))
  .build();
