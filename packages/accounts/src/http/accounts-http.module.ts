import { DynamicModule, Module } from '@nestjs/common';
import type { QuarryHttpModuleExtras } from '@quarry/http';
import { AccountController } from './account.controller';

/** `GET /account` for key holders; mount it under your API prefix with `RouterModule`. */
@Module({ controllers: [AccountController] })
export class AccountsHttpModule {
  /** With `AccountsModule.forRoot({ isGlobal: false })` (or any other non-global Quarry module the routes use): pass those registrations. */
  static forRoot({ imports = [] }: Partial<QuarryHttpModuleExtras> = {}): DynamicModule {
    return { module: AccountsHttpModule, imports };
  }
}
