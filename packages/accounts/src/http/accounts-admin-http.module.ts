import { DynamicModule, Module } from '@nestjs/common';
import type { QuarryHttpModuleExtras } from '@quarry/http';
import { AdminController } from './admin.controller';
import { AdminTokenGuard } from './admin-token.guard';

/** The operator API (accounts, keys, credits) behind the `adminToken` option; mount it under e.g. `/v1/admin`. */
@Module({ controllers: [AdminController], providers: [AdminTokenGuard] })
export class AccountsAdminHttpModule {
  /** With `AccountsModule.forRoot({ isGlobal: false })` (or any other non-global Quarry module the routes use): pass those registrations. */
  static forRoot({ imports = [] }: Partial<QuarryHttpModuleExtras> = {}): DynamicModule {
    return { module: AccountsAdminHttpModule, imports };
  }
}
