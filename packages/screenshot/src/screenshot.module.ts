import { Module } from '@nestjs/common';
import { BrowserPool } from '@quarry/browser';
import {
  Billing,
  billingOf,
  checkedProviders,
  COMMON_REQUIREMENTS,
  IdGenerator,
  type ModuleRequirements,
} from '@quarry/core';
import { PublicUrlPolicy } from '@quarry/net';
import { ScreenshotService } from './domain/screenshot.service';
import { ConfigurableModuleClass, SCREENSHOT_MODULE_OPTIONS } from './screenshot.module-definition';
import {
  resolveScreenshotSettings,
  SCREENSHOT_SETTINGS,
  type ScreenshotModuleOptions,
  type ScreenshotSettings,
} from './screenshot-options.interface';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const SCREENSHOT_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'ScreenshotModule',
  requirements: [
    { token: PublicUrlPolicy, missing: COMMON_REQUIREMENTS.net },
    { token: BrowserPool, missing: COMMON_REQUIREMENTS.browser },
    { token: IdGenerator, missing: COMMON_REQUIREMENTS.core },
  ],
};

/**
 * `ScreenshotService`. Needs, in the app: `NetModule` and `BrowserModule` (the
 * page limit and wait queue are the browser pool's `maxPages` / `maxQueue`). Global by default, so
 * `ScreenshotHttpModule` and other feature modules can use the service.
 */
@Module({
  providers: checkedProviders(SCREENSHOT_REQUIREMENTS, [
    {
      provide: SCREENSHOT_SETTINGS,
      inject: [SCREENSHOT_MODULE_OPTIONS, { token: Billing, optional: true }],
      useFactory: (options: ScreenshotModuleOptions, appBilling?: Billing): ScreenshotSettings => {
        const settings = resolveScreenshotSettings(options);
        return { ...settings, billing: billingOf(settings.billing, appBilling) };
      },
    },
    ScreenshotService,
  ]),
  exports: [ScreenshotService, SCREENSHOT_SETTINGS],
})
export class ScreenshotModule extends ConfigurableModuleClass {}
