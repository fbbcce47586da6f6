import { Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { checkedProviders, Clock, COMMON_REQUIREMENTS, type ModuleRequirements } from '@quarry/core';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { AccountsService } from '@quarry/accounts';
import { MonitorsService } from '@quarry/monitor';
import { ScrapeJobsService } from '@quarry/scrape';
import {
  DASHBOARD_SETTINGS,
  dashboardSettings,
  type DashboardModuleOptions,
  type DashboardSettings,
} from './dashboard-options.interface';
import { ConfigurableModuleClass, DASHBOARD_MODULE_OPTIONS } from './dashboard.module-definition';
import { DashboardCredentials } from './domain/dashboard-credentials.service';
import { DashboardFlash } from './domain/dashboard-flash.service';
import { DashboardKeys } from './domain/dashboard-keys.service';
import { DashboardSessions } from './domain/dashboard-sessions.service';
import { SignInLimiter } from './domain/sign-in-limiter';
import { AccountController } from './http/account.controller';
import { AssetsController } from './http/assets.controller';
import { DashboardErrorFilter } from './http/dashboard-error.filter';
import { FormBodyMiddleware } from './http/form-body.middleware';
import { FramingHeadersMiddleware } from './http/framing-headers.middleware';
import { JobsController } from './http/jobs.controller';
import { KeysController } from './http/keys.controller';
import { MonitorsController } from './http/monitors.controller';
import { OverviewController } from './http/overview.controller';
import { SessionGuard } from './http/session.guard';
import { SignInController } from './http/sign-in.controller';
import { SignInTokens } from './http/sign-in-tokens';
import { WebhookSecretController } from './http/webhook-secret.controller';

const CONTROLLERS = [
  SignInController,
  OverviewController,
  KeysController,
  WebhookSecretController,
  MonitorsController,
  JobsController,
  AccountController,
  AssetsController,
];

/** What the app must provide; a missing piece fails the boot naming what to import. */
const DASHBOARD_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'DashboardModule',
  requirements: [
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
    { token: AccountsService, missing: COMMON_REQUIREMENTS.accounts },
    { token: MonitorsService, missing: 'import MonitorModule.forRoot() from @quarry/monitor' },
    { token: ScrapeJobsService, missing: 'import ScrapeModule.forRoot() from @quarry/scrape' },
  ],
};

/**
 * The account holder's dashboard: server-rendered pages with sign-in, keys, credits and usage,
 * monitors and jobs (video jobs too when `VideoModule` is registered). It has routes, so it is opt-in like the HTTP modules: mount it with `RouterModule` at
 * `basePath`. Needs `dashboardEntities` and `dashboardMigrations` in the data source (see README).
 */
@Module({
  controllers: CONTROLLERS,
  providers: checkedProviders(DASHBOARD_REQUIREMENTS, [
    {
      provide: DASHBOARD_SETTINGS,
      useFactory: (options: DashboardModuleOptions) => dashboardSettings(options),
      inject: [DASHBOARD_MODULE_OPTIONS],
    },
    DashboardCredentials,
    DashboardSessions,
    DashboardKeys,
    SignInLimiter,
    SignInTokens,
    SessionGuard,
    DashboardFlash,
    DashboardErrorFilter,
  ]),
  exports: [DashboardCredentials],
})
export class DashboardModule extends ConfigurableModuleClass implements NestModule {
  constructor(@Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings) {
    super();
  }

  configure(consumer: MiddlewareConsumer): void {
    // By path, not by controller: the host's answers under `basePath` (a JSON 404) get the headers too.
    consumer.apply(FramingHeadersMiddleware).forRoutes(this.settings.basePath);
    consumer.apply(FormBodyMiddleware).forRoutes(...CONTROLLERS);
  }
}
