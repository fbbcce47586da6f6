import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { Clock, IdGenerator, InjectQuarryDataSource, InvalidRequestError, NotFoundError } from '@quarry/core';
import { ApiKeySummary } from '../domain/account';
import { ApiKeyEntity } from '../infrastructure/typeorm/api-key.entity';
import { AccountsService } from './accounts.service';

const KEY_PREFIX = 'qk_live_';
/** 256 random bits, base64url: 43 characters. */
const KEY_PATTERN = /^qk_live_[A-Za-z0-9_-]{43}$/;
/** Characters of the key kept for display: the prefix plus 8 random characters. */
const DISPLAY_LENGTH = KEY_PREFIX.length + 8;

export interface AuthenticatedKey {
  keyId: string;
  accountId: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeysService {
  constructor(
    @InjectQuarryDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Creates a key; the returned `apiKey` is the only time the whole key exists outside its owner. */
  async create(accountId: string): Promise<{ key: ApiKeySummary; apiKey: string }> {
    await this.accounts.get(accountId);
    const apiKey = KEY_PREFIX + randomBytes(32).toString('base64url');
    const row: ApiKeyEntity = {
      id: this.ids.uuid(),
      accountId,
      prefix: apiKey.slice(0, DISPLAY_LENGTH),
      keyHash: sha256(apiKey).toString('hex'),
      createdAt: this.clock.now(),
      revokedAt: null,
      lastUsedAt: null,
    };
    await this.dataSource.getRepository(ApiKeyEntity).insert(row);
    return { key: summary(row), apiKey };
  }

  /** Revokes the one active key whose display prefix starts with `prefix`. */
  async revokeByPrefix(prefix: string): Promise<ApiKeySummary> {
    if (prefix.length < DISPLAY_LENGTH) {
      throw new InvalidRequestError('The key prefix is too short to name one key.', {
        keyPrefix: `must be the ${DISPLAY_LENGTH}-character prefix shown at creation`,
      });
    }
    const rows = await this.dataSource
      .getRepository(ApiKeyEntity)
      .findBy({ prefix: prefix.slice(0, DISPLAY_LENGTH), revokedAt: IsNull() });
    if (rows.length !== 1)
      throw new NotFoundError(
        rows.length ? 'Several keys share this prefix; give a longer one.' : 'No active key has this prefix.',
      );
    const [row] = rows;
    row.revokedAt = this.clock.now();
    await this.dataSource.getRepository(ApiKeyEntity).update({ id: row.id }, { revokedAt: row.revokedAt });
    return summary(row);
  }

  async listForAccount(accountId: string): Promise<ApiKeySummary[]> {
    const rows = await this.dataSource
      .getRepository(ApiKeyEntity)
      .find({ where: { accountId }, order: { createdAt: 'ASC' } });
    return rows.map(summary);
  }

  /** The key's account, or undefined for a malformed, unknown or revoked key. */
  async authenticate(apiKey: string): Promise<AuthenticatedKey | undefined> {
    if (!KEY_PATTERN.test(apiKey)) return undefined;
    const digest = sha256(apiKey);
    const row = await this.dataSource
      .getRepository(ApiKeyEntity)
      .findOneBy({ keyHash: digest.toString('hex') });
    if (!row || !timingSafeEqual(Buffer.from(row.keyHash, 'hex'), digest) || row.revokedAt) return undefined;
    await this.recordUse(row);
    return { keyId: row.id, accountId: row.accountId };
  }

  /** Keeps `lastUsedAt` to the minute: one write per key per minute at most, whatever the traffic. */
  private async recordUse(row: ApiKeyEntity): Promise<void> {
    const now = this.clock.now();
    if (row.lastUsedAt && now.getTime() - row.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    await this.dataSource.getRepository(ApiKeyEntity).update({ id: row.id }, { lastUsedAt: now });
  }
}

function summary(row: ApiKeyEntity): ApiKeySummary {
  return {
    id: row.id,
    accountId: row.accountId,
    prefix: row.prefix,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
  };
}
