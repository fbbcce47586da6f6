import { ConfigurableModuleBuilder } from '@nestjs/common';
import {
  applyQuarryHttpModuleExtras,
  QUARRY_HTTP_MODULE_EXTRAS,
  QuarryHttpModuleOptions,
} from '@quarry/http';

export const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN: CRAWL_HTTP_MODULE_OPTIONS } =
  new ConfigurableModuleBuilder<QuarryHttpModuleOptions>({ moduleName: 'CrawlHttp' })
    .setClassMethodName('forRoot')
    .setExtras(QUARRY_HTTP_MODULE_EXTRAS, applyQuarryHttpModuleExtras)
    .build();
