import { DynamicModule, Module } from '@nestjs/common';
import type { QuarryHttpModuleOptions } from '@quarry/core';
import { MonitorsController } from './monitors.controller';

/**
 * `POST/GET /monitors`, `GET/PATCH/DELETE /monitors/:id`, `POST /monitors/:id/run`,
 * `GET /monitors/:id/checks` and `GET /monitors/:id/events`; mount it under your API prefix with `RouterModule`.
 */
@Module({ controllers: [MonitorsController] })
export class MonitorHttpModule {
  /** With `MonitorModule.forRoot({ isGlobal: false })` (or any other non-global Quarry module the routes use): pass those registrations. */
  static register(options: QuarryHttpModuleOptions): DynamicModule {
    return { module: MonitorHttpModule, imports: options.imports };
  }
}
