import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryModuleExtras, QUARRY_MODULE_EXTRAS } from '@quarry/core';
import { CrawlModuleOptions } from './crawl-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: CRAWL_MODULE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<CrawlModuleOptions>({ moduleName: 'Crawl' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_MODULE_EXTRAS, applyQuarryModuleExtras)
  .build();
