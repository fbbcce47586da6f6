import { Injectable } from '@nestjs/common';
import { Billing, PricedWork } from '@quarry/core';
import { CreditLedger } from '../domain/credit-ledger';
import { RequestLog } from '../domain/request-log';

/**
 * `Billing` on the accounts' credit ledger; free work (price 0) never reaches the ledger. A charge
 * is counted under the work's `apiKeyId`, and shown on the request log's row of the request it ran in.
 */
@Injectable()
export class LedgerBilling extends Billing {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly requestLog: RequestLog,
  ) {
    super();
  }

  async reserve(work: PricedWork, holdMs: number): Promise<void> {
    if (work.price === 0) return;
    await this.ledger.reserve(work.accountId, work.price, work.operation, work.referenceId, holdMs);
  }

  async charge(work: PricedWork): Promise<void> {
    if (work.price === 0) return;
    const { charged } = await this.ledger.charge(
      work.accountId,
      work.price,
      work.operation,
      work.referenceId,
      work.apiKeyId,
    );
    if (charged) this.requestLog.charged(work);
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
