export * from './test-database';
export * from './job-queue-engine';
export * from './job-queue-contract';
export * from './job-queue-child-process';
export * from './job-queue-database-engine';
export * from './fixture-server';
export * from './mapped-lookup';
export * from './minimal-pdf';
