import { DataSource, LessThan } from 'typeorm';
import {
  callbackDeliveryOf,
  Clock,
  countDeliveryAttempt,
  newCallbackDelivery,
  recordDelivery,
} from '@quarry/core';
import { ScrapeResult } from '../../domain/scrape-result';
import type { CallbackDelivery, CallbackOutcome, DeliveryStatus } from '@quarry/net';
import { ScrapeFailure, ScrapeJob, ScrapeJobStatus } from '../../jobs/scrape-job';
import { ScrapeJobStore } from '../../ports/scrape-job.store';
import { ScrapeJobEntity } from './scrape-job.entity';

const json = <T>(text: string | null): T | undefined => (text === null ? undefined : (JSON.parse(text) as T));

/** Async scrape jobs as rows of the app's database (SQLite or PostgreSQL). */
export class TypeormScrapeJobStore extends ScrapeJobStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(ScrapeJobEntity);
  }

  private update(id: string, changes: Partial<ScrapeJobEntity>): Promise<unknown> {
    return this.rows.update({ id }, { ...changes, updatedAt: this.clock.now() });
  }

  async create(job: ScrapeJob, expiresAt: Date): Promise<void> {
    await this.rows.insert({
      id: job.id,
      accountId: job.accountId,
      request: JSON.stringify(job.request),
      callbackUrl: job.callbackUrl,
      callbackToken: job.callbackToken ?? null,
      status: job.status,
      attempts: job.attempts,
      result: null,
      error: null,
      delivery: newCallbackDelivery(job.delivery.status),
      createdAt: job.createdAt,
      updatedAt: job.createdAt,
      expiresAt,
    });
  }

  async get(id: string): Promise<ScrapeJob | undefined> {
    const row = await this.rows.findOneBy({ id });
    return row ? toJob(row) : undefined;
  }

  async recentForAccount(accountId: string, limit: number): Promise<ScrapeJob[]> {
    const rows = await this.rows.find({
      where: { accountId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    return rows.map(toJob);
  }

  async markProcessing(id: string, attempt: number): Promise<void> {
    await this.update(id, { status: 'processing', attempts: attempt });
  }

  async markRetrying(id: string, error: ScrapeFailure): Promise<void> {
    await this.update(id, { status: 'queued', error: JSON.stringify(error) });
  }

  async complete(id: string, result: ScrapeResult): Promise<void> {
    await this.update(id, { status: 'completed', result: JSON.stringify(result), error: null });
  }

  async fail(id: string, error: ScrapeFailure): Promise<void> {
    await this.update(id, { status: 'failed', error: JSON.stringify(error) });
  }

  async countDeliveryAttempt(id: string): Promise<void> {
    await countDeliveryAttempt(this.rows, id, this.clock.now());
  }

  async recordDelivery(id: string, outcome: CallbackOutcome): Promise<void> {
    await recordDelivery(this.rows, id, outcome, this.clock.now());
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.rows.delete({ expiresAt: LessThan(now) });
  }
}

function toJob(row: ScrapeJobEntity): ScrapeJob {
  return {
    id: row.id,
    accountId: row.accountId,
    request: JSON.parse(row.request),
    callbackUrl: row.callbackUrl,
    callbackToken: row.callbackToken ?? undefined,
    status: row.status as ScrapeJobStatus,
    attempts: row.attempts,
    result: json<ScrapeResult>(row.result),
    error: json<ScrapeFailure>(row.error),
    // Every async scrape has a callback, so its row always has a delivery.
    delivery: callbackDeliveryOf<DeliveryStatus>(row.delivery) as CallbackDelivery,
    createdAt: row.createdAt,
  };
}
