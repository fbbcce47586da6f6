import { Module } from '@nestjs/common';
import { LedgerBilling } from '@quarry/accounts';
import { ScreenshotService } from './domain/screenshot.service';
import { ConfigurableModuleClass, SCREENSHOT_MODULE_OPTIONS } from './screenshot.module-definition';
import {
  resolveScreenshotSettings,
  SCREENSHOT_SETTINGS,
  type ScreenshotModuleOptions,
} from './screenshot-options.interface';

/**
 * `ScreenshotService`. Needs, in the app: `NetModule` and `BrowserModule` registered globally (the
 * page limit and wait queue are the browser pool's `maxPages` / `maxQueue`). Global by default, so
 * `ScreenshotHttpModule` and other feature modules can use the service.
 */
@Module({
  providers: [
    {
      provide: SCREENSHOT_SETTINGS,
      inject: [SCREENSHOT_MODULE_OPTIONS, { token: LedgerBilling, optional: true }],
      useFactory: (options: ScreenshotModuleOptions, ledger?: LedgerBilling) =>
        resolveScreenshotSettings(options, ledger),
    },
    ScreenshotService,
  ],
  exports: [ScreenshotService, SCREENSHOT_SETTINGS],
})
export class ScreenshotModule extends ConfigurableModuleClass {}
