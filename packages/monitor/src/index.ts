export * from './monitor.module';
export { MONITOR_MODULE_OPTIONS } from './monitor.module-definition';
export type { MonitorModuleOptions, MonitorSettings } from './monitor-options.interface';
export {
  MONITOR_DEFAULTS,
  MONITOR_SETTINGS,
  MIN_INTERVAL_MINUTES,
  MAX_INTERVAL_MINUTES,
} from './monitor-options.interface';
export * from './domain/monitor';
export * from './domain/monitors.service';
export { MonitorCheckRunner } from './domain/monitor-check.runner';
export { diffLines, MAX_SUMMARY_LINES } from './domain/line-diff';
export { normalizeMarkdown, contentHash } from './domain/markdown-fingerprint';
export { MonitorScheduler } from './jobs/monitor.scheduler';
export { MONITOR_CHECK_QUEUE, MONITOR_NOTIFICATION_QUEUE } from './jobs/monitor-job-queues';
export { MonitorStore } from './ports/monitor.store';
export type {
  MonitorNotification,
  NotificationKind,
  NotificationStatus,
  HistoryPage,
} from './ports/monitor.store';
export { MailTransport, type MailMessage } from './ports/mail.transport';
export * from './http/monitor-http.module';
export * from './http/dto/monitor-response.dto';
export * from './infrastructure/typeorm/monitor-schema';
