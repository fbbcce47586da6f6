import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsService } from '@quarry/accounts';
import {
  Billing,
  billingOf,
  checkedProviders,
  Clock,
  COMMON_REQUIREMENTS,
  type ModuleRequirements,
} from '@quarry/core';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { JobQueue } from '@quarry/queue';
import { PublicUrlPolicy } from '@quarry/net';
import { ScrapeService } from '@quarry/scrape';
import { MonitorCheckRunner } from './domain/monitor-check.runner';
import { MonitorNotifier } from './domain/monitor.notifier';
import { MonitorsService } from './domain/monitors.service';
import { LogMailTransport, SmtpMailTransport } from './infrastructure/mail/smtp-mail.transport';
import { TypeormMonitorStore } from './infrastructure/typeorm/typeorm-monitor.store';
import { MonitorScheduler } from './jobs/monitor.scheduler';
import { MonitorWorker } from './jobs/monitor.worker';
import { ConfigurableModuleClass, MONITOR_MODULE_OPTIONS } from './monitor.module-definition';
import {
  MONITOR_SETTINGS,
  MonitorModuleOptions,
  MonitorSettings,
  resolveMonitorSettings,
} from './monitor-options.interface';
import { MailTransport } from './ports/mail.transport';
import { MonitorStore } from './ports/monitor.store';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const MONITOR_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'MonitorModule',
  requirements: [
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
    { token: JobQueue, missing: COMMON_REQUIREMENTS.jobQueue },
    { token: PublicUrlPolicy, missing: COMMON_REQUIREMENTS.net },
    { token: AccountsService, missing: COMMON_REQUIREMENTS.accounts },
    { token: ScrapeService, missing: COMMON_REQUIREMENTS.scrape },
  ],
};

/**
 * Monitors: `MonitorsService` (the API's operations), the check worker and the scheduler.
 * Needs, in the app: `QuarryCoreModule`, `QuarryDataSourceModule`, a TypeORM `DataSource` with `monitorEntities` and
 * `monitorMigrations` (after the accounts tables), a queue module, `NetModule`, `AccountsModule`
 * (monitors belong to its accounts and email them) and `ScrapeModule`. Checks are paid through the
 * `billing` option, else the app's `Billing` (`AccountsModule`'s credit ledger). Global by default,
 * so `MonitorHttpModule` finds `MonitorsService`.
 */
@Module({
  providers: checkedProviders(MONITOR_REQUIREMENTS, [
    {
      provide: MONITOR_SETTINGS,
      inject: [MONITOR_MODULE_OPTIONS, { token: Billing, optional: true }],
      useFactory: (options: MonitorModuleOptions, appBilling?: Billing): MonitorSettings => {
        const settings = resolveMonitorSettings(options);
        return { ...settings, billing: billingOf(settings.billing, appBilling) };
      },
    },
    {
      provide: MonitorStore,
      inject: [QUARRY_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new TypeormMonitorStore(dataSource),
    },
    {
      provide: MailTransport,
      inject: [MONITOR_SETTINGS],
      useFactory: (settings: MonitorSettings): MailTransport =>
        settings.mailTransport ??
        (settings.smtpUrl ? new SmtpMailTransport(settings.smtpUrl) : new LogMailTransport()),
    },
    MonitorsService,
    MonitorNotifier,
    MonitorCheckRunner,
    MonitorWorker,
    MonitorScheduler,
  ]),
  exports: [MonitorsService, MonitorCheckRunner, MonitorScheduler, MonitorStore, MONITOR_SETTINGS],
})
export class MonitorModule extends ConfigurableModuleClass {}
