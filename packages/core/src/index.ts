export * from './errors/quarry-error';
export * from './time/clock';
export * from './time/id-generator';
export * from './persistence/timestamp-column';
export * from './persistence/database-url';
export * from './queue/job-queue';
