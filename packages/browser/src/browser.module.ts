import { Module } from '@nestjs/common';
import { PublicUrlPolicy } from '@quarry/net';
import { BROWSER_MODULE_OPTIONS, ConfigurableModuleClass } from './browser.module-definition';
import type { BrowserModuleOptions } from './browser-options.interface';
import { BrowserPool } from './pool/browser.pool';
import { PageRenderer } from './render/page.renderer';

/**
 * Provides BrowserPool and PageRenderer. Needs PublicUrlPolicy from a global NetModule
 * (`NetModule.forRoot({ isGlobal: true, ... })`). The pool closes Chromium on shutdown.
 */
@Module({
  providers: [
    {
      provide: BrowserPool,
      inject: [PublicUrlPolicy, BROWSER_MODULE_OPTIONS],
      useFactory: (policy: PublicUrlPolicy, options: BrowserModuleOptions) =>
        new BrowserPool(policy, options),
    },
    PageRenderer,
  ],
  exports: [BrowserPool, PageRenderer],
})
export class BrowserModule extends ConfigurableModuleClass {}
