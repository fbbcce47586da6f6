import { Logger } from '@nestjs/common';
import type { JobRecordStore } from '../job-record.store';

/**
 * Writes a running job's progress as it rises, one write at a time and never blocking the work;
 * `flush` waits for the writes under way. A failed write is logged: progress is a hint, the
 * outcome is what matters.
 */
export class ProgressRecorder {
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Pick<JobRecordStore<unknown, unknown, unknown>, 'advanceProgress'>,
    private readonly jobId: string,
    private readonly logger: Logger,
  ) {}

  record(percent: number): void {
    this.writes = this.writes.then(() =>
      this.store.advanceProgress(this.jobId, percent).catch((error: unknown) => {
        this.logger.warn({ err: error, jobId: this.jobId }, 'Could not record the progress of a job');
      }),
    );
  }

  flush(): Promise<void> {
    return this.writes;
  }
}
