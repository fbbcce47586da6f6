export {
  backoffDelay,
  DeferJobError,
  JobQueue,
  RetryJobError,
  UnrecoverableJobError,
  type JobBackoff,
  type JobContext,
  type JobHandler,
  type JobOptions,
  type JobState,
  type JobStatus,
  type ProcessOptions,
} from './job-queue';
export {
  deferDelayMs,
  isUnrecoverableJobError,
  jobErrorMessage,
  normalizeJobData,
  resolveJobOptions,
  retryDelayAfter,
  type ResolvedJobOptions,
} from './job-policy';
export { jobQueueHealth } from './job-queue-health';
