/** The queue that runs monitor checks; job data `MonitorCheckMessage`, job id `checkJobId(...)`. */
export const MONITOR_CHECK_QUEUE = 'monitor-check';
/** The queue that sends notifications, one job per notification; job data `{ notificationId }`. */
export const MONITOR_NOTIFICATION_QUEUE = 'monitor-notification';

export interface MonitorCheckMessage {
  monitorId: string;
  /** Epoch milliseconds the check was due (or asked for); with the monitor id, it names the check. */
  scheduledAt: number;
}

export interface MonitorNotificationMessage {
  notificationId: string;
}
