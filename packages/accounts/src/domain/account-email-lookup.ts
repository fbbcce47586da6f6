import { DataSource } from 'typeorm';
import { AccountEntity } from '../infrastructure/typeorm/account.entity';

/**
 * The ids of the accounts registered with `email`. Emails are not unique across accounts, so
 * callers that need one account (an operator setting a sign-in password) decide what several mean.
 */
export async function accountIdsByEmail(dataSource: DataSource, email: string): Promise<string[]> {
  const rows = await dataSource.getRepository(AccountEntity).find({ select: { id: true }, where: { email } });
  return rows.map((row) => row.id);
}
