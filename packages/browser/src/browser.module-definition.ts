import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import type { BrowserModuleOptions } from './browser-options.interface';

export const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN: BROWSER_MODULE_OPTIONS } =
  new ConfigurableModuleBuilder<BrowserModuleOptions>({ moduleName: 'Browser' })
    .setClassMethodName('forRoot')
    .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
    .build();
