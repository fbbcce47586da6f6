import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { checkedProviders, Clock, COMMON_REQUIREMENTS, type ModuleRequirements } from '@quarry/core';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { ApiKeysService } from '@quarry/accounts';
import {
  DASHBOARD_SETTINGS,
  dashboardSettings,
  type DashboardModuleOptions,
} from './dashboard-options.interface';
import { ConfigurableModuleClass, DASHBOARD_MODULE_OPTIONS } from './dashboard.module-definition';
import { DashboardCredentials } from './domain/dashboard-credentials.service';
import { DashboardFlash } from './domain/dashboard-flash.service';
import { DashboardKeys } from './domain/dashboard-keys.service';
import { DashboardSessions } from './domain/dashboard-sessions.service';
import { SignInLimiter } from './domain/sign-in-limiter';
import { TypeormDashboardCredentialStore } from './infrastructure/typeorm/typeorm-dashboard-credential.store';
import { TypeormDashboardKeyLabelStore } from './infrastructure/typeorm/typeorm-dashboard-key-label.store';
import { TypeormDashboardSessionStore } from './infrastructure/typeorm/typeorm-dashboard-session.store';
import { DashboardCredentialStore } from './ports/dashboard-credential.store';
import { DashboardKeyLabelStore } from './ports/dashboard-key-label.store';
import { DashboardSessionStore } from './ports/dashboard-session.store';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const DASHBOARD_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'DashboardModule',
  requirements: [
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
    { token: ApiKeysService, missing: COMMON_REQUIREMENTS.accounts },
  ],
};

/**
 * The dashboard's domain: passwords (`DashboardCredentials`, which an operator CLI uses on its own),
 * sessions, keys with their labels, one-time messages and the sign-in limiter. No routes: the pages
 * are `DashboardHttpModule`'s. Needs `dashboardEntities` and `dashboardMigrations` in the data source
 * (see README). Global by default, so `DashboardHttpModule` finds it.
 */
@Module({
  providers: checkedProviders(DASHBOARD_REQUIREMENTS, [
    {
      provide: DASHBOARD_SETTINGS,
      useFactory: (options: DashboardModuleOptions) => dashboardSettings(options),
      inject: [DASHBOARD_MODULE_OPTIONS],
    },
    {
      provide: DashboardCredentialStore,
      inject: [QUARRY_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new TypeormDashboardCredentialStore(dataSource),
    },
    {
      provide: DashboardSessionStore,
      inject: [QUARRY_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new TypeormDashboardSessionStore(dataSource),
    },
    {
      provide: DashboardKeyLabelStore,
      inject: [QUARRY_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new TypeormDashboardKeyLabelStore(dataSource),
    },
    DashboardCredentials,
    DashboardSessions,
    DashboardKeys,
    SignInLimiter,
    DashboardFlash,
  ]),
  exports: [
    DASHBOARD_SETTINGS,
    DashboardCredentials,
    DashboardSessions,
    DashboardKeys,
    SignInLimiter,
    DashboardFlash,
  ],
})
export class DashboardModule extends ConfigurableModuleClass {}
