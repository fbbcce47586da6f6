import { Inject, MiddlewareConsumer, Module, NestModule, Optional } from '@nestjs/common';
import {
  checkedProviders,
  Clock,
  COMMON_REQUIREMENTS,
  type ModuleRequirements,
  requirementsCheck,
} from '@quarry/core';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { AccountsService } from '@quarry/accounts';
import { MonitorsService } from '@quarry/monitor';
import { ScrapeJobsService } from '@quarry/scrape';
import { DASHBOARD_SETTINGS, type DashboardSettings } from '../dashboard-options.interface';
import { AccountController } from './account.controller';
import { AssetsController } from './assets.controller';
import { CrawlsController } from './crawls.controller';
import { DashboardErrorFilter } from './dashboard-error.filter';
import { ConfigurableModuleClass } from './dashboard-http.module-definition';
import { FormBodyMiddleware } from './form-body.middleware';
import { FramingHeadersMiddleware } from './framing-headers.middleware';
import { JobsController } from './jobs.controller';
import { KeysController } from './keys.controller';
import { MonitorsController } from './monitors.controller';
import { OverviewController } from './overview.controller';
import { RequestsController } from './requests.controller';
import { SessionGuard } from './session.guard';
import { SignInController } from './sign-in.controller';
import { SignInTokens } from './sign-in-tokens';
import { WebhookSecretController } from './webhook-secret.controller';

const CONTROLLERS = [
  SignInController,
  OverviewController,
  KeysController,
  RequestsController,
  WebhookSecretController,
  MonitorsController,
  JobsController,
  CrawlsController,
  AccountController,
  AssetsController,
];

/** What the pages need from the app; a missing piece fails the boot naming what to import. */
const DASHBOARD_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'DashboardHttpModule',
  requirements: [
    {
      token: DASHBOARD_SETTINGS,
      missing: 'the dashboard: import DashboardModule.forRoot() from @quarry/dashboard',
    },
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
    { token: AccountsService, missing: COMMON_REQUIREMENTS.accounts },
    { token: MonitorsService, missing: COMMON_REQUIREMENTS.monitor },
    { token: ScrapeJobsService, missing: COMMON_REQUIREMENTS.scrape },
  ],
};

/**
 * The account holder's server-rendered pages: sign-in, keys, credits and usage, monitors and jobs
 * (video jobs too when `VideoModule` is registered, crawls and batches when `CrawlModule` is). Mount
 * it with `RouterModule` at `DashboardModule`'s `basePath`; import it as is, or with
 * `forRoot({ imports })` when the modules it uses are not global.
 */
@Module({
  controllers: CONTROLLERS,
  providers: [
    requirementsCheck(DASHBOARD_HTTP_REQUIREMENTS),
    ...checkedProviders(DASHBOARD_HTTP_REQUIREMENTS, [SignInTokens, SessionGuard, DashboardErrorFilter]),
  ],
})
export class DashboardHttpModule extends ConfigurableModuleClass implements NestModule {
  // Optional: without DashboardModule the requirements check fails the boot, naming it, before configure.
  constructor(@Optional() @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings) {
    super();
  }

  configure(consumer: MiddlewareConsumer): void {
    // By path, not by controller: the host's answers under `basePath` (a JSON 404) get the headers too.
    consumer.apply(FramingHeadersMiddleware).forRoutes(this.settings.basePath);
    consumer.apply(FormBodyMiddleware).forRoutes(...CONTROLLERS);
  }
}
