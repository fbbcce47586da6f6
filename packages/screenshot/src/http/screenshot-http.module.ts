import { Module } from '@nestjs/common';
import { type ModuleRequirements, requirementsCheck } from '@quarry/core';
import { routeGuardProvider } from '@quarry/http';
import { ScreenshotController } from './screenshot.controller';
import { ConfigurableModuleClass, SCREENSHOT_HTTP_MODULE_OPTIONS } from './screenshot-http.module-definition';
import { ScreenshotService } from '../domain/screenshot.service';

/** What the routes need from the app; a missing piece fails the boot naming what to import. */
const SCREENSHOT_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'ScreenshotHttpModule',
  requirements: [
    {
      token: ScreenshotService,
      missing: 'ScreenshotService: import ScreenshotModule.forRoot() from @quarry/screenshot',
    },
  ],
};

/**
 * `POST /screenshot`; mount it under your API prefix with `RouterModule`. Needs `ScreenshotModule` (global).
 * Import it as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [ScreenshotController],
  providers: [
    requirementsCheck(SCREENSHOT_HTTP_REQUIREMENTS),
    routeGuardProvider('ScreenshotHttpModule', SCREENSHOT_HTTP_MODULE_OPTIONS),
  ],
})
export class ScreenshotHttpModule extends ConfigurableModuleClass {}
