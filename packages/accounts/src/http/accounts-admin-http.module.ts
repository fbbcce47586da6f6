import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller';
import { AdminTokenGuard } from './admin-token.guard';

/** The operator API (accounts, keys, credits) behind the `adminToken` option; mount it under e.g. `/v1/admin`. */
@Module({ controllers: [AdminController], providers: [AdminTokenGuard] })
export class AccountsAdminHttpModule {}
