import { DynamicModule, Module } from '@nestjs/common';
import type { QuarryHttpModuleOptions } from '@quarry/core';
import { ScreenshotController } from './screenshot.controller';

/** `POST /screenshot`; mount it under your API prefix with `RouterModule`. Needs `ScreenshotModule`. */
@Module({ controllers: [ScreenshotController] })
export class ScreenshotHttpModule {
  /** With `ScreenshotModule.forRoot({ isGlobal: false })` (or any other non-global Quarry module the routes use): pass those registrations. */
  static register(options: QuarryHttpModuleOptions): DynamicModule {
    return { module: ScreenshotHttpModule, imports: options.imports };
  }
}
