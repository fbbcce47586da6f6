import { DataSource, LessThanOrEqual, MoreThan } from 'typeorm';
import {
  callbackDeliveryOf,
  Clock,
  countDeliveryAttempt,
  newCallbackDelivery,
  recordDelivery,
} from '@quarry/core';
import type { VideoRequest } from '../../domain/video-request';
import type { VideoResult } from '../../domain/video-result';
import type { CallbackOutcome, DeliveryStatus } from '@quarry/net';
import type { VideoJob, VideoJobError, VideoJobStatus } from '../../jobs/video-job';
import { VideoJobStore } from '../../ports/video-job.store';
import { VideoJobEntity } from './video-job.entity';

const json = <T>(text: string | null): T | undefined => (text === null ? undefined : (JSON.parse(text) as T));

/** Video jobs as rows of the app's database (SQLite or PostgreSQL). */
export class TypeormVideoJobStore extends VideoJobStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(VideoJobEntity);
  }

  private update(id: string, changes: Partial<VideoJobEntity>): Promise<unknown> {
    return this.rows.update({ id }, { ...changes, updatedAt: this.clock.now() });
  }

  async create(job: VideoJob): Promise<void> {
    await this.rows.insert({
      id: job.id,
      accountId: job.accountId,
      request: JSON.stringify(job.request),
      callbackUrl: job.callback?.url ?? null,
      callbackToken: job.callback?.token ?? null,
      status: job.status,
      progress: job.progress,
      attempts: job.attempts,
      result: null,
      error: null,
      delivery: newCallbackDelivery(job.delivery?.status ?? null),
      createdAt: job.createdAt,
      updatedAt: job.createdAt,
      expiresAt: job.expiresAt,
    });
  }

  async get(id: string, now: Date): Promise<VideoJob | undefined> {
    const row = await this.rows.findOneBy({ id, expiresAt: MoreThan(now) });
    return row ? toJob(row) : undefined;
  }

  async recentForAccount(accountId: string, limit: number, now: Date): Promise<VideoJob[]> {
    const rows = await this.rows.find({
      where: { accountId, expiresAt: MoreThan(now) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    return rows.map(toJob);
  }

  async markProcessing(id: string, attempt: number): Promise<void> {
    await this.update(id, { status: 'processing', attempts: attempt });
  }

  async advanceProgress(id: string, progress: number): Promise<void> {
    // One conditional statement, so concurrent or reordered writes can only raise it.
    await this.rows
      .createQueryBuilder()
      .update()
      .set({ progress, updatedAt: this.clock.now() })
      .where('id = :id AND progress < :progress', { id, progress })
      .execute();
  }

  async markRetrying(id: string): Promise<void> {
    await this.update(id, { status: 'queued' });
  }

  async complete(id: string, result: VideoResult): Promise<void> {
    await this.update(id, {
      status: 'completed',
      progress: 100,
      result: JSON.stringify(result),
      error: null,
    });
  }

  async fail(id: string, error: VideoJobError): Promise<void> {
    await this.update(id, { status: 'failed', error: JSON.stringify(error) });
  }

  async countDeliveryAttempt(id: string): Promise<void> {
    await countDeliveryAttempt(this.rows, id, this.clock.now());
  }

  async recordDelivery(id: string, outcome: CallbackOutcome): Promise<void> {
    await recordDelivery(this.rows, id, outcome, this.clock.now());
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.rows.delete({ expiresAt: LessThanOrEqual(now) });
  }
}

function toJob(row: VideoJobEntity): VideoJob {
  const job: VideoJob = {
    id: row.id,
    accountId: row.accountId,
    request: JSON.parse(row.request) as VideoRequest,
    status: row.status as VideoJobStatus,
    progress: row.progress,
    attempts: row.attempts,
    result: json<VideoResult>(row.result),
    error: json<VideoJobError>(row.error),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
  if (row.callbackUrl !== null) {
    job.callback = { url: row.callbackUrl, token: row.callbackToken ?? undefined };
    job.delivery = callbackDeliveryOf<DeliveryStatus>(row.delivery);
  }
  return job;
}
