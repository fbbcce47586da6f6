import { describeJobQueueContract, testDatabaseEngines } from '@quarry/testing';
import { createDatabaseJobQueueSubject } from './database-job-queue-engine';

for (const engine of testDatabaseEngines()) {
  describeJobQueueContract(`DatabaseJobQueue on ${engine}`, () => createDatabaseJobQueueSubject(engine));
}
