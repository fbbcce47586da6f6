export { callbackPayload, type JobCallback, type JobRecord, type JobRecordStatus } from './job-record';
export { JobRecordStore } from './job-record.store';
export { ownJob } from './job-access';
export { enqueueJob, type JobQueueing } from './job-enqueue';
export { JobRecordEntity } from './typeorm/job-record.entity';
export { jobRecordApiKeyColumn, jobRecordTable } from './typeorm/job-record.table';
export { TypeormJobRecordStore } from './typeorm/typeorm-job-record.store';
export {
  CallbackJobRunner,
  type CallbackJobRunnerOptions,
  type JobAttempt,
  type JobMessage,
  type JobWork,
} from './runner/callback-job.runner';
