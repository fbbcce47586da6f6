import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, NotFoundError, WebhookSigningSecrets } from '@quarry/core';
import { InjectQuarryDataSource } from '@quarry/persistence';
import { generateWebhookSecret } from '@quarry/net';
import { ACCOUNTS_SETTINGS, type AccountsSettings } from '../accounts-settings';
import { AccountEntity } from '../infrastructure/typeorm/account.entity';

export interface WebhookSecretView {
  webhookSecret: string;
  /** Until then callbacks also carry a signature made with the secret before the last rotation. */
  previousSecretValidUntil: string | null;
}

/** The secret that signs an account's callbacks, readable and rotatable by its holder. */
@Injectable()
export class WebhookSecretsService extends WebhookSigningSecrets {
  constructor(
    @InjectQuarryDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(ACCOUNTS_SETTINGS) private readonly options: AccountsSettings,
  ) {
    super();
  }

  async get(accountId: string): Promise<WebhookSecretView> {
    return view(await this.row(accountId), this.clock.now());
  }

  /** The secrets to sign with now: the current one, and the previous one while its grace lasts. */
  async signingSecrets(accountId: string): Promise<string[]> {
    const row = await this.row(accountId);
    const { webhookSecret, previousSecretValidUntil } = view(row, this.clock.now());
    return previousSecretValidUntil && row.previousWebhookSecret
      ? [webhookSecret, row.previousWebhookSecret]
      : [webhookSecret];
  }

  /** A new secret; the old one keeps signing alongside for `webhookSecretGraceMs` so receivers can switch. */
  async rotate(accountId: string): Promise<WebhookSecretView> {
    const row = await this.row(accountId);
    const now = this.clock.now();
    row.previousWebhookSecret = row.webhookSecret;
    row.previousWebhookSecretUntil = new Date(now.getTime() + this.options.webhookSecretGraceMs);
    row.webhookSecret = generateWebhookSecret();
    row.updatedAt = now;
    await this.dataSource.getRepository(AccountEntity).update(
      { id: accountId },
      {
        webhookSecret: row.webhookSecret,
        previousWebhookSecret: row.previousWebhookSecret,
        previousWebhookSecretUntil: row.previousWebhookSecretUntil,
        updatedAt: now,
      },
    );
    return view(row, now);
  }

  private async row(accountId: string): Promise<AccountEntity> {
    const row = await this.dataSource.getRepository(AccountEntity).findOneBy({ id: accountId });
    if (!row) throw new NotFoundError('Account not found.');
    return row;
  }
}

function view(row: AccountEntity, now: Date): WebhookSecretView {
  const until = row.previousWebhookSecretUntil;
  return {
    webhookSecret: row.webhookSecret,
    previousSecretValidUntil: until && until > now ? until.toISOString() : null,
  };
}
