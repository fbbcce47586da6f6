import { healthIndicator, type HealthIndicatorResult } from '@quarry/core';
import type { JobQueue } from './job-queue';

/**
 * The job queue's health for a health endpoint (`@nestjs/terminus`'s `HealthCheckService.check`
 * takes it as is): `up` when its backend (the database's job table, Redis) answers a ping.
 */
export function jobQueueHealth(queue: JobQueue, key = 'queue'): Promise<HealthIndicatorResult> {
  return healthIndicator(key, () => queue.ping());
}
