import { Module } from '@nestjs/common';
import { routeGuardProvider } from '@quarry/http';
import { ApiKeyAccessGuard } from '@quarry/accounts';
import { MonitorsController } from './monitors.controller';
import { ConfigurableModuleClass, MONITOR_HTTP_MODULE_OPTIONS } from './monitor-http.module-definition';

/**
 * `POST/GET /monitors`, `GET/PATCH/DELETE /monitors/:id`, `POST /monitors/:id/run`,
 * `GET /monitors/:id/checks` and `GET /monitors/:id/events`; mount it under your API prefix with `RouterModule`.
 * Import it as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [MonitorsController],
  providers: [routeGuardProvider('MonitorHttpModule', MONITOR_HTTP_MODULE_OPTIONS, ApiKeyAccessGuard)],
})
export class MonitorHttpModule extends ConfigurableModuleClass {}
