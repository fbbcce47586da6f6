import { ConfigurableModuleBuilder } from '@nestjs/common';
import { ScrapeModuleOptions } from './scrape-options.interface';

export const {
  ConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: SCRAPE_OPTIONS,
  OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<ScrapeModuleOptions>({ moduleName: 'Scrape' })
  .setClassMethodName('forRoot')
  .setExtras({ isGlobal: true }, (definition, extras) => ({ ...definition, global: extras.isGlobal }))
  .build();
