import { Module } from '@nestjs/common';
import { routeGuardProvider } from '@quarry/http';
import { ApiKeyAccessGuard } from '@quarry/accounts';
import { ScreenshotController } from './screenshot.controller';
import { ConfigurableModuleClass, SCREENSHOT_HTTP_MODULE_OPTIONS } from './screenshot-http.module-definition';

/**
 * `POST /screenshot`; mount it under your API prefix with `RouterModule`. Needs `ScreenshotModule` (global).
 * Import it as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [ScreenshotController],
  providers: [routeGuardProvider('ScreenshotHttpModule', SCREENSHOT_HTTP_MODULE_OPTIONS, ApiKeyAccessGuard)],
})
export class ScreenshotHttpModule extends ConfigurableModuleClass {}
