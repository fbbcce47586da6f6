import { createDatabaseJobQueueSubject } from './job-queue-database-engine';
import { describeJobQueueContract } from './job-queue-contract';
import { testDatabaseEngines } from './test-database';

for (const engine of testDatabaseEngines()) {
  describeJobQueueContract(`DatabaseJobQueue on ${engine}`, () => createDatabaseJobQueueSubject(engine));
}
