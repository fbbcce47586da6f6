import { Module } from '@nestjs/common';
import { checkedProviders, COMMON_REQUIREMENTS, type ModuleRequirements } from '@quarry/core';
import { PublicUrlPolicy } from '@quarry/net';
import { BROWSER_MODULE_OPTIONS, ConfigurableModuleClass } from './browser.module-definition';
import type { BrowserModuleOptions } from './browser-options.interface';
import { BrowserPool } from './pool/browser.pool';
import { PageRenderer } from './render/page.renderer';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const BROWSER_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'BrowserModule',
  requirements: [{ token: PublicUrlPolicy, missing: COMMON_REQUIREMENTS.net }],
};

/**
 * Provides BrowserPool and PageRenderer. Needs PublicUrlPolicy from `NetModule.forRoot()`.
 * The pool closes Chromium on shutdown.
 */
@Module({
  providers: checkedProviders(BROWSER_REQUIREMENTS, [
    {
      provide: BrowserPool,
      inject: [PublicUrlPolicy, BROWSER_MODULE_OPTIONS],
      useFactory: (policy: PublicUrlPolicy, options: BrowserModuleOptions) =>
        new BrowserPool(policy, options),
    },
    PageRenderer,
  ]),
  exports: [BrowserPool, PageRenderer],
})
export class BrowserModule extends ConfigurableModuleClass {}
