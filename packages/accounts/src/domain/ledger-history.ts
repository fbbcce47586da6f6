import { DataSource } from 'typeorm';
import { LedgerEntryEntity } from '../infrastructure/typeorm/ledger-entry.entity';

/** One movement of credits as its account holder sees it: negative for a charge, positive for a grant. */
export interface LedgerEntry {
  id: string;
  amount: number;
  operation: string;
  referenceId: string;
  createdAt: Date;
}

/**
 * One page of an account's ledger, newest first, and whether older entries follow. A read for
 * people paging through a table (offsets), not for reconciling balances.
 */
export async function ledgerHistory(
  dataSource: DataSource,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ entries: LedgerEntry[]; more: boolean }> {
  const rows = await dataSource.getRepository(LedgerEntryEntity).find({
    where: { accountId },
    order: { createdAt: 'DESC', id: 'DESC' },
    skip: page.offset,
    take: page.limit + 1,
  });
  const entries = rows.slice(0, page.limit).map(({ id, amount, operation, referenceId, createdAt }) => ({
    id,
    amount,
    operation,
    referenceId,
    createdAt,
  }));
  return { entries, more: rows.length > page.limit };
}
