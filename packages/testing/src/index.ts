export { createTestDatabase, testDatabaseEngines, testRedisUrl, type TestDatabase } from './test-database';
export { testDataSourceModule } from './test-data-source.module';
export {
  closedPort,
  html,
  redirect,
  startFixtureServer,
  type FixtureResponse,
  type FixtureRoute,
  type FixtureServer,
  type FixtureServerOptions,
} from './fixture-server';
export { mappedLookup, type MappedLookup } from './mapped-lookup';
export { startUdpCanary, udpProbeScript, type UdpCanary } from './udp-canary';
export { processTree } from './process-tree';
export { minimalPdf } from './minimal-pdf';
export { eventually } from './eventually';
export { closeReport, slowWorkRoutes, type CloseReport } from './clean-close';
export { describeJobQueueContract, type JobQueueContractSubject } from './job-queue-contract';
export type {
  JobQueueEngineModule,
  JobQueueEngineOpener,
  JobQueueEngineSettings,
  OpenedJobQueue,
} from './job-queue-engine';
