import { Injectable } from '@nestjs/common';
import { Billing, PricedWork } from '@quarry/core';
import { CreditLedger } from '../domain/credit-ledger';

/** `Billing` on the accounts' credit ledger; free work (price 0) never reaches the ledger. */
@Injectable()
export class LedgerBilling extends Billing {
  constructor(private readonly ledger: CreditLedger) {
    super();
  }

  async reserve(work: PricedWork, holdMs: number): Promise<void> {
    if (work.price === 0) return;
    await this.ledger.reserve(work.accountId, work.price, work.operation, work.referenceId, holdMs);
  }

  async charge(work: PricedWork): Promise<void> {
    if (work.price === 0) return;
    await this.ledger.charge(work.accountId, work.price, work.operation, work.referenceId);
  }

  async release(work: PricedWork): Promise<void> {
    if (work.price === 0) return;
    await this.ledger.release(work.accountId, work.operation, work.referenceId);
  }

  async requireBalance(accountId: string, price: number): Promise<void> {
    if (price === 0) return;
    await this.ledger.requireBalance(accountId, price);
  }
}
