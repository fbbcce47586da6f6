import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import type { ScreenshotModuleOptions } from './screenshot-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: SCREENSHOT_MODULE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<ScreenshotModuleOptions>({ moduleName: 'Screenshot' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
