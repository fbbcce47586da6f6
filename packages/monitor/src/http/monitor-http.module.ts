import { Module } from '@nestjs/common';
import { COMMON_REQUIREMENTS, type ModuleRequirements, requirementsCheck } from '@quarry/core';
import { routeGuardProvider } from '@quarry/http';
import { MonitorsController } from './monitors.controller';
import { ConfigurableModuleClass, MONITOR_HTTP_MODULE_OPTIONS } from './monitor-http.module-definition';
import { MonitorsService } from '../domain/monitors.service';

/** What the routes need from the app; a missing piece fails the boot naming what to import. */
const MONITOR_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'MonitorHttpModule',
  requirements: [{ token: MonitorsService, missing: COMMON_REQUIREMENTS.monitor }],
};

/**
 * `POST/GET /monitors`, `GET/PATCH/DELETE /monitors/:id`, `POST /monitors/:id/run`,
 * `GET /monitors/:id/checks` and `GET /monitors/:id/events`; mount it under your API prefix with `RouterModule`.
 * Import it as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [MonitorsController],
  providers: [
    requirementsCheck(MONITOR_HTTP_REQUIREMENTS),
    routeGuardProvider('MonitorHttpModule', MONITOR_HTTP_MODULE_OPTIONS),
  ],
})
export class MonitorHttpModule extends ConfigurableModuleClass {}
