import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryHttpModuleExtras, QUARRY_HTTP_MODULE_EXTRAS } from '@quarry/http';

/** The routes are open to everyone, so the HTTP module takes no guard: only `imports`. */
export const { ConfigurableModuleClass } = new ConfigurableModuleBuilder<object>({ moduleName: 'BlogHttp' })
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_HTTP_MODULE_EXTRAS, applyQuarryHttpModuleExtras)
  .build();
