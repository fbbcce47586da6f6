import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AccountDirectory,
  Clock,
  CONTROL_CHARACTERS,
  IdGenerator,
  InvalidRequestError,
  NotFoundError,
} from '@quarry/core';
import { InjectQuarryDataSource, PreparedSql } from '@quarry/persistence';
import { Account } from './account';
import { AccountEntity } from '../infrastructure/typeorm/account.entity';
import { CreditLedger } from './credit-ledger';
import { generateWebhookSecret } from '@quarry/net';

/** Longest host user id `ensureAccount` takes. */
const MAX_EXTERNAL_ID_LENGTH = 255;

@Injectable()
export class AccountsService implements AccountDirectory {
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
    return this.insert(email, credits, null);
  }

  /**
   * The account of the host app's user `externalId`, made on first use with `email` and `credits`
   * (a host that sells no Quarry credits passes its own `billing` to the feature modules). Safe to
   * call on every request: two first calls at once make one account.
   */
  async ensureAccount(
    externalId: string,
    { email = '', credits = 0 }: { email?: string; credits?: number } = {},
  ): Promise<Account> {
    if (!externalId || externalId.length > MAX_EXTERNAL_ID_LENGTH)
      throw new InvalidRequestError(`The external id must be 1 to ${MAX_EXTERNAL_ID_LENGTH} characters.`, {
        externalId: `must be 1 to ${MAX_EXTERNAL_ID_LENGTH} characters`,
      });
    const existing = await this.byExternalId(externalId);
    if (existing) return existing;
    try {
      return await this.insert(email, credits, externalId);
    } catch (error) {
      const made = await this.byExternalId(externalId);
      if (made) return made;
      throw error;
    }
  }

  async knows(accountId: string): Promise<boolean> {
    const [row] = await this.sql.rows('SELECT 1 AS known FROM quarry_accounts WHERE id = ?', [accountId]);
    return row !== undefined;
  }

  private async byExternalId(externalId: string): Promise<Account | undefined> {
    const [account] = await this.sql.rows<Account>(
      'SELECT id, email, credits FROM quarry_accounts WHERE external_id = ?',
      [externalId],
    );
    return account;
  }

  private async insert(email: string, credits: number, externalId: string | null): Promise<Account> {
    if (CONTROL_CHARACTERS.test(email))
      throw new InvalidRequestError('The email must not contain control characters.', {
        email: 'must not contain control characters',
      });
    const now = this.clock.now();
    const id = this.ids.uuid();
    await this.dataSource.getRepository(AccountEntity).insert({
      id,
      email,
      externalId,
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
