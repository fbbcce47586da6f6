import { DynamicModule, Module } from '@nestjs/common';
import { Clock, COMMON_REQUIREMENTS, type ModuleRequirements, requirementsCheck } from '@quarry/core';
import { type QuarryHttpModuleExtras } from '@quarry/http';
import { CreditLedger } from '../domain/credit-ledger';
import { AccountController } from './account.controller';

/** What the routes need from the app; a missing piece fails the boot naming what to import. */
const ACCOUNTS_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'AccountsHttpModule',
  requirements: [
    { token: CreditLedger, missing: COMMON_REQUIREMENTS.accounts },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
  ],
};

/** `GET /account` for key holders; mount it under your API prefix with `RouterModule`. */
@Module({ controllers: [AccountController], providers: [requirementsCheck(ACCOUNTS_HTTP_REQUIREMENTS)] })
export class AccountsHttpModule {
  /** With `AccountsModule.forRoot({ isGlobal: false })` (or any other non-global Quarry module the routes use): pass those registrations. */
  static forRoot({ imports = [] }: Partial<QuarryHttpModuleExtras> = {}): DynamicModule {
    return { module: AccountsHttpModule, imports };
  }
}
