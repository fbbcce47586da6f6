import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import type { BrandModuleOptions } from './brand-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: BRAND_MODULE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<BrandModuleOptions>({ moduleName: 'Brand' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
