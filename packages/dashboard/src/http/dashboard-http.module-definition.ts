import { ConfigurableModuleBuilder } from '@nestjs/common';
import { applyQuarryHttpModuleExtras, QUARRY_HTTP_MODULE_EXTRAS } from '@quarry/http';

/** The pages carry their own session guard, so the HTTP module takes no guard: only `imports`. */
export const { ConfigurableModuleClass } = new ConfigurableModuleBuilder<object>({
  moduleName: 'DashboardHttp',
})
  .setClassMethodName('forRoot')
  .setExtras(QUARRY_HTTP_MODULE_EXTRAS, applyQuarryHttpModuleExtras)
  .build();
