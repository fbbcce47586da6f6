import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import type { NetModuleOptions } from './net-options.interface';

export const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN: NET_MODULE_OPTIONS } =
  new ConfigurableModuleBuilder<NetModuleOptions>({ moduleName: 'Net' })
    .setClassMethodName('forRoot')
    .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
    .build();
