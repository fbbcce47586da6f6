export { DashboardModule } from './dashboard.module';
export { DASHBOARD_MODULE_OPTIONS } from './dashboard.module-definition';
export type { DashboardModuleOptions } from './dashboard-options.interface';
export { DashboardHttpModule } from './http/dashboard-http.module';
export { DashboardCredentials, MIN_PASSWORD_LENGTH } from './domain/dashboard-credentials.service';
export { dashboardEntities, dashboardMigrations } from './infrastructure/typeorm/dashboard-schema';
