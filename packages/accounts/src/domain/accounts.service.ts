import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, CONTROL_CHARACTERS, IdGenerator, InvalidRequestError, NotFoundError } from '@quarry/core';
import { InjectQuarryDataSource, PreparedSql } from '@quarry/persistence';
import { Account } from './account';
import { AccountEntity } from '../infrastructure/typeorm/account.entity';
import { CreditLedger } from './credit-ledger';
import { generateWebhookSecret } from '@quarry/net';

@Injectable()
export class AccountsService {
  private readonly sql: PreparedSql;

  constructor(
    @InjectQuarryDataSource() private readonly dataSource: DataSource,
    private readonly ledger: CreditLedger,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.sql = new PreparedSql(dataSource);
  }

  /**
   * Creates an account; its starting credits are a ledger grant like any other. The email becomes
   * the To header of monitor emails, so a control character in it is refused, whoever calls.
   */
  async create(email: string, credits: number): Promise<Account> {
    if (CONTROL_CHARACTERS.test(email))
      throw new InvalidRequestError('The email must not contain control characters.', {
        email: 'must not contain control characters',
      });
    const now = this.clock.now();
    const id = this.ids.uuid();
    await this.dataSource.getRepository(AccountEntity).insert({
      id,
      email,
      credits: 0,
      webhookSecret: generateWebhookSecret(),
      previousWebhookSecret: null,
      previousWebhookSecretUntil: null,
      createdAt: now,
      updatedAt: now,
    });
    if (credits > 0) await this.ledger.grant(id, credits, 'credits.grant', `account-created:${id}`);
    return this.get(id);
  }

  async get(id: string): Promise<Account> {
    const [account] = await this.sql.rows<Account>(
      'SELECT id, email, credits FROM quarry_accounts WHERE id = ?',
      [id],
    );
    if (!account) throw new NotFoundError('Account not found.');
    return account;
  }

  /** Adds credits as a ledger grant; `referenceId` makes a retried request a no-op. */
  async addCredits(id: string, amount: number, referenceId = this.ids.uuid()): Promise<Account> {
    await this.get(id);
    await this.ledger.grant(id, amount, 'credits.add', referenceId);
    return this.get(id);
  }
}
