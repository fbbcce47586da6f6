import { Column, ObjectLiteral, Repository } from 'typeorm';

/**
 * A job row's callback delivery state: `delivery_status`, `delivery_attempts`,
 * `delivery_last_status_code`, `delivery_last_error`. Embedded in each job table with
 * `@Column(() => CallbackDeliveryColumns, { prefix: false })`.
 */
export class CallbackDeliveryColumns {
  /** Null for a job without a callback. */
  @Column({ name: 'delivery_status', type: 'varchar', length: 16, nullable: true })
  status!: string | null;

  /** Sends started, counted before each one. */
  @Column({ name: 'delivery_attempts', type: 'integer' })
  attempts!: number;

  @Column({ name: 'delivery_last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'delivery_last_error', type: 'text', nullable: true })
  lastError!: string | null;
}

/** The delivery as a job reports it. */
export interface StoredCallbackDelivery<Status extends string = string> {
  status: Status;
  attempts: number;
  lastStatusCode?: number;
  lastError?: string;
}

/** The columns of a new job: `status` (null without a callback), nothing sent yet. */
export function newCallbackDelivery(status: string | null): CallbackDeliveryColumns {
  return { status, attempts: 0, lastStatusCode: null, lastError: null };
}

/** The delivery of a job row (its status one the job's writer stored), undefined for a job without a callback. */
export function callbackDeliveryOf<Status extends string>(
  columns: CallbackDeliveryColumns,
): StoredCallbackDelivery<Status> | undefined {
  if (columns.status === null) return undefined;
  const delivery: StoredCallbackDelivery<Status> = {
    status: columns.status as Status,
    attempts: columns.attempts,
  };
  if (columns.lastStatusCode !== null) delivery.lastStatusCode = columns.lastStatusCode;
  if (columns.lastError !== null) delivery.lastError = columns.lastError;
  return delivery;
}

/** Counts one send before it starts, in one statement, so concurrent workers never lose a count. */
export async function countDeliveryAttempt(
  rows: Repository<ObjectLiteral>,
  id: string,
  now: Date,
): Promise<void> {
  await rows
    .createQueryBuilder()
    .update()
    .set({ delivery: { attempts: () => 'delivery_attempts + 1' }, updatedAt: now })
    .where('id = :id', { id })
    .execute();
}

/** Records how the last send ended; the job rows have `id`, `updatedAt` and these columns as `delivery`. */
export async function recordDelivery(
  rows: Repository<ObjectLiteral>,
  id: string,
  outcome: { status: string; lastStatusCode?: number; lastError?: string },
  now: Date,
): Promise<void> {
  const delivery = {
    status: outcome.status,
    lastStatusCode: outcome.lastStatusCode ?? null,
    lastError: outcome.lastError ?? null,
  };
  await rows.update({ id }, { delivery, updatedAt: now });
}
