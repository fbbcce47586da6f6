import { DynamicModule, Module } from '@nestjs/common';
import type { QuarryHttpModuleOptions } from '@quarry/core';
import { AccountController } from './account.controller';

/** `GET /account` for key holders; mount it under your API prefix with `RouterModule`. */
@Module({ controllers: [AccountController] })
export class AccountsHttpModule {
  /** With `AccountsModule.forRoot({ isGlobal: false })` (or any other non-global Quarry module the routes use): pass those registrations. */
  static register(options: QuarryHttpModuleOptions): DynamicModule {
    return { module: AccountsHttpModule, imports: options.imports };
  }
}
