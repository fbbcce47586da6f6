import { DataSource, LessThanOrEqual, MoreThan, type EntityTarget } from 'typeorm';
import { Clock } from '@quarry/core';
import type { CallbackOutcome, DeliveryStatus } from '@quarry/net';
import type { JobRecord, JobRecordStatus } from '../job-record';
import { JobRecordStore } from '../job-record.store';
import type { JobRecordEntity } from './job-record.entity';
import {
  callbackDeliveryOf,
  countDeliveryAttempt,
  newCallbackDelivery,
  recordDelivery,
} from './callback-delivery.columns';

const json = <T>(text: string | null): T | undefined => (text === null ? undefined : (JSON.parse(text) as T));

/** A feature's jobs as rows of its job table in the app's database (SQLite or PostgreSQL). */
export class TypeormJobRecordStore<Request, Result, Failure> extends JobRecordStore<
  Request,
  Result,
  Failure
> {
  constructor(
    private readonly entity: EntityTarget<JobRecordEntity>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(this.entity);
  }

  private update(id: string, changes: Partial<JobRecordEntity>): Promise<unknown> {
    return this.rows.update({ id }, { ...changes, updatedAt: this.clock.now() });
  }

  async create(job: JobRecord<Request, Result, Failure>): Promise<void> {
    await this.rows.insert({
      id: job.id,
      accountId: job.accountId,
      apiKeyId: job.apiKeyId ?? null,
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

  async get(id: string, now: Date): Promise<JobRecord<Request, Result, Failure> | undefined> {
    const row = await this.rows.findOneBy({ id, expiresAt: MoreThan(now) });
    return row ? this.toJob(row) : undefined;
  }

  async recentForAccount(
    accountId: string,
    limit: number,
    now: Date,
  ): Promise<JobRecord<Request, Result, Failure>[]> {
    const rows = await this.rows.find({
      where: { accountId, expiresAt: MoreThan(now) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    return rows.map((row) => this.toJob(row));
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

  async markRetrying(id: string, error: Failure): Promise<void> {
    await this.update(id, { status: 'queued', error: JSON.stringify(error) });
  }

  async complete(id: string, result: Result): Promise<void> {
    await this.update(id, {
      status: 'completed',
      progress: 100,
      result: JSON.stringify(result),
      error: null,
    });
  }

  async fail(id: string, error: Failure): Promise<void> {
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

  private toJob(row: JobRecordEntity): JobRecord<Request, Result, Failure> {
    const job: JobRecord<Request, Result, Failure> = {
      id: row.id,
      accountId: row.accountId,
      request: JSON.parse(row.request) as Request,
      status: row.status as JobRecordStatus,
      progress: row.progress,
      attempts: row.attempts,
      result: json<Result>(row.result),
      error: json<Failure>(row.error),
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    };
    if (row.apiKeyId !== null) job.apiKeyId = row.apiKeyId;
    if (row.callbackUrl !== null) {
      job.callback = { url: row.callbackUrl, token: row.callbackToken ?? undefined };
      job.delivery = callbackDeliveryOf<DeliveryStatus>(row.delivery);
    }
    return job;
  }
}
