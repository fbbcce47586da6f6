import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { AccountsModule } from '@quarry/accounts';
import { DashboardModule } from '@quarry/dashboard';
import { quarryDataSourceOptions } from '../database/quarry-schema';

/** What the operator CLI needs: the same database as the service, the accounts services and dashboard passwords. */
@Module({})
export class CliModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: CliModule,
      imports: [
        QuarryCoreModule,
        QuarryDataSourceModule,
        TypeOrmModule.forRoot(quarryDataSourceOptions(databaseUrl)),
        AccountsModule.forRoot({}),
        DashboardModule.forRoot({}),
      ],
    };
  }
}
