export { BullJobQueue } from './bull-job-queue';
export type { BullJobQueueOptions } from './bull-job-queue-options.interface';
export { BullQueueModule } from './bull-queue.module';
export { BULL_QUEUE_MODULE_OPTIONS } from './bull-queue.module-definition';
