import { DynamicModule, Module } from '@nestjs/common';
import {
  checkedProviders,
  COMMON_REQUIREMENTS,
  type ModuleRequirements,
  requirementsCheck,
} from '@quarry/core';
import { type QuarryHttpModuleExtras } from '@quarry/http';
import { AccountsService } from '../domain/accounts.service';
import { AdminController } from './admin.controller';
import { AdminTokenGuard } from './admin-token.guard';

/** What the routes need from the app; a missing piece fails the boot naming what to import. */
const ACCOUNTS_ADMIN_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'AccountsAdminHttpModule',
  requirements: [{ token: AccountsService, missing: COMMON_REQUIREMENTS.accounts }],
};

/** The operator API (accounts, keys, credits) behind the `adminToken` option; mount it under e.g. `/v1/admin`. */
@Module({
  controllers: [AdminController],
  providers: [
    requirementsCheck(ACCOUNTS_ADMIN_HTTP_REQUIREMENTS),
    ...checkedProviders(ACCOUNTS_ADMIN_HTTP_REQUIREMENTS, [AdminTokenGuard]),
  ],
})
export class AccountsAdminHttpModule {
  /** With `AccountsModule.forRoot({ isGlobal: false })` (or any other non-global Quarry module the routes use): pass those registrations. */
  static forRoot({ imports = [] }: Partial<QuarryHttpModuleExtras> = {}): DynamicModule {
    return { module: AccountsAdminHttpModule, imports };
  }
}
