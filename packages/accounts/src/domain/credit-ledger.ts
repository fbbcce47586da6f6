import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, IdGenerator, NotFoundError, PaymentRequiredError } from '@quarry/core';
import {
  InjectQuarryDataSource,
  isCheckViolation,
  isForeignKeyViolation,
  isUniqueViolation,
  PreparedSql,
} from '@quarry/persistence';
import { Account } from './account';
import { SqliteGroupCommit } from '../infrastructure/sqlite/sqlite-group-commit';

export interface ChargeResult {
  /** False when this (operation, referenceId) had already been charged: nothing moved this time. */
  charged: boolean;
}

interface AccountWithHoldsRow extends Account {
  held: number | string | null;
  expired: number | string;
}

/** An account with the sum of its live holds and the count of its expired ones. */
const ACCOUNT_WITH_HOLDS =
  'SELECT a.id, a.email, a.credits, ' +
  '(SELECT SUM(r.amount) FROM quarry_credit_reservations r WHERE r.account_id = a.id AND r.expires_at >= ?) AS held, ' +
  '(SELECT COUNT(*) FROM quarry_credit_reservations r WHERE r.account_id = a.id AND r.expires_at < ?) AS expired ' +
  'FROM quarry_accounts a WHERE a.id = ?';

export type Usage = Record<string, { count: number; credits: number }>;

/** What an account spent on one operation in one UTC day. */
export interface DailyUsage {
  /** The UTC day, as `YYYY-MM-DD`. */
  day: string;
  operation: string;
  count: number;
  credits: number;
}

/** What one API key of an account spent on one operation in one UTC day. */
export interface DailyKeyUsage extends DailyUsage {
  apiKeyId: string;
}

/** Usage is kept per UTC day of this length. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every movement of credits is one ledger row. A charge is atomic (the balance never goes below
 * zero) and idempotent: the ledger's unique (operation, referenceId) makes a second charge a no-op.
 * Paid work reserves its price first, so work that could not be paid never starts: the hold leaves
 * the balance at once, a charge with the same (operation, referenceId) turns it into the ledger
 * row, and a release (or its expiry, for work whose process died) gives it back.
 */
@Injectable()
export class CreditLedger implements OnModuleDestroy {
  /** On SQLite, holds and charges of concurrent requests share one commit, made off the event loop. */
  private readonly sqliteWrites?: SqliteGroupCommit;
  private readonly sql: PreparedSql;

  constructor(
    @InjectQuarryDataSource() dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.sql = new PreparedSql(dataSource);
    if (this.sql.isSqlite) this.sqliteWrites = new SqliteGroupCommit(this.sql);
  }

  async onModuleDestroy(): Promise<void> {
    await this.sqliteWrites?.close();
  }

  /**
   * Takes `amount` credits for one result, consuming its reservation if any; throws
   * `PaymentRequiredError` when the balance is short. `apiKeyId`, the key that asked for the work,
   * counts the charge in that key's usage too.
   */
  async charge(
    accountId: string,
    amount: number,
    operation: string,
    referenceId: string,
    apiKeyId?: string,
  ): Promise<ChargeResult> {
    return this.move(accountId, -amount, operation, referenceId, apiKeyId);
  }

  /** Adds credits; idempotent per (operation, referenceId) like a charge. */
  async grant(
    accountId: string,
    amount: number,
    operation: string,
    referenceId: string,
  ): Promise<ChargeResult> {
    return this.move(accountId, amount, operation, referenceId);
  }

  /**
   * Holds `amount` credits for work about to run; throws `PaymentRequiredError` when the balance is
   * short. Then `charge` with the same (operation, referenceId) on success, `release` on failure;
   * a hold neither charged nor released comes back after `holdMs`. Reserving a held key again is a no-op.
   */
  async reserve(
    accountId: string,
    amount: number,
    operation: string,
    referenceId: string,
    holdMs: number,
  ): Promise<void> {
    if (!Number.isInteger(amount) || amount < 0)
      throw new RangeError('A reservation is a whole number of credits.');
    if (amount === 0) return;
    const hold = () => {
      const now = this.clock.now();
      // One INSERT: a trigger takes the credits from the balance, whose CHECK (>= 0) rejects an overdraw.
      return this.write(INSERT_HOLD, [
        this.ids.uuid(),
        accountId,
        amount,
        operation,
        referenceId,
        now.getTime(),
        now.getTime() + holdMs,
      ]);
    };
    try {
      await hold().catch(async (error: unknown) => {
        if (!isCheckViolation(error)) throw error;
        // Short: holds past their expiry go back, then the hold is tried once more.
        await this.releaseExpired(accountId);
        await hold();
      });
    } catch (error) {
      if (isUniqueViolation(error)) return;
      if (isCheckViolation(error)) throw shortOf(amount);
      throw error;
    }
  }

  /** Gives back what `reserve` held for (operation, referenceId); a no-op once charged or released. */
  async release(accountId: string, operation: string, referenceId: string): Promise<void> {
    await this.write(
      'DELETE FROM quarry_credit_reservations WHERE account_id = ? AND operation = ? AND reference_id = ?',
      [accountId, operation, referenceId],
    );
  }

  /** Credits held by work in progress (already out of `balance`, not yet charged); expired holds go back first. */
  async reserved(accountId: string): Promise<number> {
    return (await this.accountWithHolds(accountId)).reservedCredits;
  }

  /**
   * The account and the credits its work in progress holds, read in one statement; expired holds go
   * back first (then it is read again), so `credits` already includes them.
   */
  async accountWithHolds(accountId: string): Promise<Account & { reservedCredits: number }> {
    let row = await this.readAccountWithHolds(accountId);
    if (Number(row.expired) > 0) {
      await this.releaseExpired(accountId);
      row = await this.readAccountWithHolds(accountId);
    }
    return { id: row.id, email: row.email, credits: row.credits, reservedCredits: Number(row.held ?? 0) };
  }

  /** Throws `PaymentRequiredError` unless the balance is at least `amount`; for checks before expensive work. */
  async requireBalance(accountId: string, amount: number): Promise<void> {
    if ((await this.balance(accountId)) < amount) {
      throw new PaymentRequiredError(
        `This operation needs ${amount} credit${amount === 1 ? '' : 's'}; the balance is lower.`,
      );
    }
  }

  async balance(accountId: string): Promise<number> {
    const [account] = await this.sql.rows<{ credits: number }>(
      'SELECT credits FROM quarry_accounts WHERE id = ?',
      [accountId],
    );
    if (!account) throw new NotFoundError('Account not found.');
    return account.credits;
  }

  /**
   * Charges per operation since the start of `since`'s UTC day: count of results and credits spent.
   * Read from the per-day totals the ledger keeps as it is written, so the cost follows the days
   * asked for, not the charges made in them.
   */
  async usageSince(accountId: string, since: Date): Promise<Usage> {
    const days = await this.sql.rows<{ operation: string; charges: number; credits: number }>(
      'SELECT operation, charges, credits FROM quarry_credit_usage WHERE account_id = ? AND day >= ?',
      [accountId, utcDay(since)],
    );
    const usage: Usage = {};
    for (const day of days) {
      const entry = (usage[day.operation] ??= { count: 0, credits: 0 });
      entry.count += day.charges;
      entry.credits += day.credits;
    }
    return usage;
  }

  /** The per-day totals since the start of `since`'s UTC day, oldest day first; days without charges are absent. */
  async dailyUsageSince(accountId: string, since: Date): Promise<DailyUsage[]> {
    const days = await this.sql.rows<{ day: number; operation: string; charges: number; credits: number }>(
      'SELECT day, operation, charges, credits FROM quarry_credit_usage WHERE account_id = ? AND day >= ? ORDER BY day, operation',
      [accountId, utcDay(since)],
    );
    return days.map((row) => ({
      day: new Date(Number(row.day) * DAY_MS).toISOString().slice(0, 10),
      operation: row.operation,
      count: Number(row.charges),
      credits: Number(row.credits),
    }));
  }

  /**
   * The per-day totals of each API key since the start of `since`'s UTC day, oldest day first;
   * charges made without a key are not in them.
   */
  async dailyKeyUsageSince(accountId: string, since: Date): Promise<DailyKeyUsage[]> {
    const days = await this.sql.rows<{
      day: number;
      api_key_id: string;
      operation: string;
      charges: number;
      credits: number;
    }>(
      'SELECT day, api_key_id, operation, charges, credits FROM quarry_credit_key_usage ' +
        'WHERE account_id = ? AND day >= ? ORDER BY day, api_key_id, operation',
      [accountId, utcDay(since)],
    );
    return days.map((row) => ({
      day: new Date(Number(row.day) * DAY_MS).toISOString().slice(0, 10),
      apiKeyId: row.api_key_id,
      operation: row.operation,
      count: Number(row.charges),
      credits: Number(row.credits),
    }));
  }

  /** One write: through the SQLite group commit (off the event loop) where there is one, else on its own. */
  private async write(sql: string, params: unknown[]): Promise<void> {
    if (this.sqliteWrites) await this.sqliteWrites.run(sql, params);
    else await this.sql.run(sql, params);
  }

  private async readAccountWithHolds(accountId: string): Promise<AccountWithHoldsRow> {
    const now = this.clock.now().getTime();
    const [row] = await this.sql.rows<AccountWithHoldsRow>(ACCOUNT_WITH_HOLDS, [now, now, accountId]);
    if (!row) throw new NotFoundError('Account not found.');
    return row;
  }

  private async releaseExpired(accountId: string): Promise<void> {
    await this.write('DELETE FROM quarry_credit_reservations WHERE account_id = ? AND expires_at < ?', [
      accountId,
      this.clock.now().getTime(),
    ]);
  }

  private async move(
    accountId: string,
    delta: number,
    operation: string,
    referenceId: string,
    apiKeyId?: string,
  ): Promise<ChargeResult> {
    if (!Number.isInteger(delta) || delta === 0)
      throw new RangeError('A credit movement is a non-zero integer.');
    try {
      // One INSERT: a database trigger applies it to the balance, and the balance's CHECK (>= 0) rejects the whole statement.
      await this.write(INSERT_LEDGER_ENTRY, [
        this.ids.uuid(),
        accountId,
        delta,
        operation,
        referenceId,
        apiKeyId ?? null,
        this.clock.now().getTime(),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) {
        // Already charged: a hold taken again for the same result (work re-run after a crash) goes back.
        await this.release(accountId, operation, referenceId);
        return { charged: false };
      }
      if (isCheckViolation(error)) throw shortOf(-delta);
      if (isForeignKeyViolation(error)) throw new NotFoundError('Account not found.');
      throw error;
    }
    return { charged: true };
  }
}

const INSERT_LEDGER_ENTRY =
  'INSERT INTO quarry_credit_ledger (id, account_id, amount, operation, reference_id, api_key_id, created_at) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?)';
const INSERT_HOLD =
  'INSERT INTO quarry_credit_reservations (id, account_id, amount, operation, reference_id, created_at, expires_at) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?)';

function shortOf(price: number): PaymentRequiredError {
  return new PaymentRequiredError(
    `This operation costs ${price} credit${price === 1 ? '' : 's'}; the balance is lower.`,
  );
}

/** Days since 1970-01-01 UTC, as the ledger's usage trigger counts them. */
function utcDay(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}
