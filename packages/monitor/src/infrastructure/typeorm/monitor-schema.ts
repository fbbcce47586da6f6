import { CreateMonitors1763900000000 } from './migrations/1763900000000-create-monitors.migration';
import { AddMonitorWatch1765410000000 } from './migrations/1765410000000-add-monitor-watch.migration';
import { AddMonitorSnapshots1766100000000 } from './migrations/1766100000000-add-monitor-snapshots.migration';
import { MonitorChannelEntity } from './monitor-channel.entity';
import { MonitorCheckEntity } from './monitor-check.entity';
import { MonitorEventEntity } from './monitor-event.entity';
import { MonitorNotificationEntity } from './monitor-notification.entity';
import { MonitorSnapshotEntity } from './monitor-snapshot.entity';
import { MonitorEntity } from './monitor.entity';

/** What the app adds to its TypeORM data source for this package (after the accounts tables, which monitors reference). */
export const monitorEntities = [
  MonitorEntity,
  MonitorChannelEntity,
  MonitorCheckEntity,
  MonitorEventEntity,
  MonitorNotificationEntity,
  MonitorSnapshotEntity,
];
export const monitorMigrations = [
  CreateMonitors1763900000000,
  AddMonitorWatch1765410000000,
  AddMonitorSnapshots1766100000000,
];
