import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { NetModuleOptions } from './net-options.interface';

export const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN: NET_MODULE_OPTIONS } =
  new ConfigurableModuleBuilder<NetModuleOptions>()
    .setClassMethodName('forRoot')
    .setExtras({ isGlobal: false }, (definition, extras) => ({ ...definition, global: extras.isGlobal }))
    .build();
