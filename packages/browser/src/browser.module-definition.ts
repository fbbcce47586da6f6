import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { BrowserModuleOptions } from './browser-options.interface';

export const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN: BROWSER_MODULE_OPTIONS } =
  new ConfigurableModuleBuilder<BrowserModuleOptions>()
    .setClassMethodName('forRoot')
    .setExtras({ isGlobal: false }, (definition, extras) => ({ ...definition, global: extras.isGlobal }))
    .build();
