export { QUARRY_DATA_SOURCE, InjectQuarryDataSource } from './quarry-data-source';
export { QuarryDataSourceModule, type QuarryDataSourceModuleOptions } from './quarry-data-source.module';
export { dataSourceOptionsFromUrl, type DatabaseEngine, type DataSourceParts } from './database-url';
export { PreparedSql, type SqliteHandle, type SqliteStatement } from './prepared-sql';
export { SqliteChangeCounter } from './sqlite-change-counter';
export { TimestampColumn } from './timestamp-column';
export { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from './constraint-violation';
