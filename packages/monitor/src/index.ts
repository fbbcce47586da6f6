export { MonitorModule } from './monitor.module';
export { MONITOR_MODULE_OPTIONS } from './monitor.module-definition';
export {
  MAX_INTERVAL_MINUTES,
  MIN_INTERVAL_MINUTES,
  type MonitorModuleOptions,
} from './monitor-options.interface';
export { MAX_NAME_LENGTH } from './domain/monitor';
export type {
  ChangeSummary,
  ChannelType,
  CheckOutcome,
  Monitor,
  MonitorChannel,
  MonitorCheck,
  MonitorEvent,
  MonitorSnapshot,
  MonitorStatus,
} from './domain/monitor';
export {
  MonitorLimitError,
  MonitorsService,
  type CreatedMonitor,
  type CreateMonitorRequest,
  type UpdateMonitorRequest,
  type WatchRequest,
} from './domain/monitors.service';
export { MAX_IGNORE_PATTERNS, MAX_PATTERN_LENGTH } from './domain/watch';
export { MAX_SELECTOR_LENGTH, MAX_TRIGGER_LENGTH, MONITOR_SCOPES, type MonitorScope } from './domain/watch';
export type { HistoryPage } from './ports/monitor.store';
export { MailTransport, type MailMessage } from './ports/mail.transport';
export { MonitorScheduler } from './jobs/monitor.scheduler';
export { MonitorHttpModule } from './http/monitor-http.module';
export { monitorEntities, monitorMigrations } from './infrastructure/typeorm/monitor-schema';
