import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import { ScrapeModuleOptions } from './scrape-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: SCRAPE_MODULE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<ScrapeModuleOptions>({ moduleName: 'Scrape' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
