import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';

/** `GET /account` for key holders; mount it under your API prefix with `RouterModule`. */
@Module({ controllers: [AccountController] })
export class AccountsHttpModule {}
