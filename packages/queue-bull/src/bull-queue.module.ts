import { Module } from '@nestjs/common';
import { JobQueue } from '@quarry/queue';
import { BullJobQueue } from './bull-job-queue';
import type { BullJobQueueOptions } from './bull-job-queue-options.interface';
import { BULL_QUEUE_MODULE_OPTIONS, ConfigurableBullQueueModule } from './bull-queue.module-definition';

/**
 * Provides `JobQueue` as the Bull engine. Global by default, so feature modules inject `JobQueue` without
 * importing it; import it instead of `DatabaseQueueModule` from `@quarry/queue-db`, not next to it.
 */
@Module({
  providers: [
    {
      provide: BullJobQueue,
      useFactory: (options: BullJobQueueOptions) => new BullJobQueue(options),
      inject: [BULL_QUEUE_MODULE_OPTIONS],
    },
    { provide: JobQueue, useExisting: BullJobQueue },
  ],
  exports: [JobQueue, BullJobQueue],
})
export class BullQueueModule extends ConfigurableBullQueueModule {}
