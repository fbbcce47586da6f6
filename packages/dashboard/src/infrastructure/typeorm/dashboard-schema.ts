import { DashboardCredentialEntity } from './dashboard-credential.entity';
import { DashboardKeyLabelEntity } from './dashboard-key-label.entity';
import { DashboardSessionEntity } from './dashboard-session.entity';
import { CreateDashboardTables1764900000000 } from './migrations/1764900000000-create-dashboard-tables.migration';
import { AddDashboardSessionFlash1765400000000 } from './migrations/1765400000000-add-dashboard-session-flash.migration';

/** What the app adds to its TypeORM data source for this package, after `accountsEntities` and `accountsMigrations`. */
export const dashboardEntities = [DashboardCredentialEntity, DashboardSessionEntity, DashboardKeyLabelEntity];
export const dashboardMigrations = [
  CreateDashboardTables1764900000000,
  AddDashboardSessionFlash1765400000000,
];
