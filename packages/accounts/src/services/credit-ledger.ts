import { Injectable } from '@nestjs/common';
import { DataSource, MoreThanOrEqual } from 'typeorm';
import {
  Clock,
  IdGenerator,
  isCheckViolation,
  isUniqueViolation,
  NotFoundError,
  PaymentRequiredError,
} from '@quarry/core';
import { AccountEntity } from '../infrastructure/typeorm/account.entity';
import { LedgerEntryEntity } from '../infrastructure/typeorm/ledger-entry.entity';

export interface ChargeResult {
  /** False when this (operation, referenceId) had already been charged: nothing moved this time. */
  charged: boolean;
  balance: number;
}

export type Usage = Record<string, { count: number; credits: number }>;

/**
 * Every movement of credits is one ledger row. A charge is atomic (the balance never goes below
 * zero) and idempotent: the ledger's unique (operation, referenceId) makes a second charge a no-op.
 */
@Injectable()
export class CreditLedger {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Takes `amount` credits for one result; throws `PaymentRequiredError` when the balance is short. */
  async charge(
    accountId: string,
    amount: number,
    operation: string,
    referenceId: string,
  ): Promise<ChargeResult> {
    return this.move(accountId, -amount, operation, referenceId);
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

  /** Throws `PaymentRequiredError` unless the balance is at least `amount`; for checks before expensive work. */
  async requireBalance(accountId: string, amount: number): Promise<void> {
    if ((await this.balance(accountId)) < amount) {
      throw new PaymentRequiredError(
        `This operation needs ${amount} credit${amount === 1 ? '' : 's'}; the balance is lower.`,
      );
    }
  }

  async balance(accountId: string): Promise<number> {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ id: accountId });
    if (!account) throw new NotFoundError('Account not found.');
    return account.credits;
  }

  /** Charges per operation since `since`: count of results and credits spent. */
  async usageSince(accountId: string, since: Date): Promise<Usage> {
    const rows = await this.dataSource
      .getRepository(LedgerEntryEntity)
      .findBy({ accountId, createdAt: MoreThanOrEqual(since) });
    const usage: Usage = {};
    for (const row of rows.filter((r) => r.amount < 0)) {
      const entry = (usage[row.operation] ??= { count: 0, credits: 0 });
      entry.count += 1;
      entry.credits += -row.amount;
    }
    return usage;
  }

  private async move(
    accountId: string,
    delta: number,
    operation: string,
    referenceId: string,
  ): Promise<ChargeResult> {
    if (!Number.isInteger(delta) || delta === 0)
      throw new RangeError('A credit movement is a non-zero integer.');
    await this.balance(accountId);
    try {
      // One INSERT: a database trigger applies it to the balance, and the balance's CHECK (>= 0) rejects the whole statement.
      await this.dataSource.getRepository(LedgerEntryEntity).insert({
        id: this.ids.uuid(),
        accountId,
        amount: delta,
        operation,
        referenceId,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { charged: false, balance: await this.balance(accountId) };
      if (isCheckViolation(error)) {
        throw new PaymentRequiredError(
          `This operation costs ${-delta} credit${delta === -1 ? '' : 's'}; the balance is lower.`,
        );
      }
      throw error;
    }
    return { charged: true, balance: await this.balance(accountId) };
  }
}
