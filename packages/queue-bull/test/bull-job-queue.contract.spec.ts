import { describeJobQueueContract } from '@quarry/testing';
import { createBullJobQueueSubject } from './bull-job-queue-engine';

describeJobQueueContract('BullJobQueue on Redis', createBullJobQueueSubject);
