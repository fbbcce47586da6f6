import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { Clock, IdGenerator, InvalidRequestError, NotFoundError } from '@quarry/core';
import { InjectQuarryDataSource, PreparedSql, SqliteChangeCounter } from '@quarry/persistence';
import { ApiKeySummary } from './account';
import { ApiKeyEntity } from '../infrastructure/typeorm/api-key.entity';
import { AccountsService } from './accounts.service';
import { ApiKeyChangeListener } from './api-key-change-listener';

const KEY_PREFIX = 'qk_live_';
/** 256 random bits, base64url: 43 characters. */
const KEY_PATTERN = /^qk_live_[A-Za-z0-9_-]{43}$/;
/** Characters of the key kept for display: the prefix plus 8 random characters. */
const DISPLAY_LENGTH = KEY_PREFIX.length + 8;

export interface AuthenticatedKey {
  keyId: string;
  accountId: string;
}

/** The key's SHA-256 in hex, as stored; the one-shot hash, cheaper than a Hash object per request. */
const sha256Hex = (value: string) => hash('sha256', value);

const LAST_USED_RESOLUTION_MS = 60_000;
/** Active keys remembered at most; past it the memory starts over. */
const MAX_KNOWN_KEYS = 10_000;

/** An active key as `authenticate` remembers it. */
interface KnownKey extends AuthenticatedKey {
  /** Epoch ms, or null when never used. */
  lastUsedAt: number | null;
}

/**
 * On SQLite, active keys are remembered in memory by hash, and forgotten whenever the key-change
 * counter, which every revocation or deletion of a key moves in its own statement, moved under
 * another connection's commit (`SqliteChangeCounter`: a request with a known key reads at most
 * `PRAGMA data_version`, once per event-loop turn). A revocation made here forgets at once. So a
 * key revoked anywhere fails on the next request sent after the revocation committed.
 *
 * On PostgreSQL, active keys are remembered only while `ApiKeyChangeListener` hears every key
 * change (triggers notify in the transaction of any revocation, deletion or change of a key, from
 * whatever connection): a notification forgets everything; when the listener is down each request
 * reads its key. A lookup remembers its key only if nothing was heard while it ran (`generation`),
 * so a revocation committed after its read cannot be undone by it.
 */
@Injectable()
export class ApiKeysService implements OnModuleDestroy {
  private readonly sql: PreparedSql;
  private readonly known = new Map<string, KnownKey>();
  /** On SQLite. */
  private readonly keyChangeCounter?: SqliteChangeCounter;
  /** On PostgreSQL. */
  private readonly keyChanges?: ApiKeyChangeListener;
  /** Moves whenever what is remembered is forgotten. */
  private generation = 0;

  constructor(
    @InjectQuarryDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.sql = new PreparedSql(dataSource);
    if (this.sql.isSqlite)
      this.keyChangeCounter = new SqliteChangeCounter(
        this.sql,
        'SELECT changes FROM quarry_api_key_changes WHERE id = 1',
      );
    else this.keyChanges = new ApiKeyChangeListener(dataSource, () => this.forget());
  }

  async onModuleDestroy(): Promise<void> {
    await this.keyChanges?.close();
  }

  /** Creates a key; the returned `apiKey` is the only time the whole key exists outside its owner. */
  async create(accountId: string): Promise<{ key: ApiKeySummary; apiKey: string }> {
    await this.accounts.get(accountId);
    const apiKey = KEY_PREFIX + randomBytes(32).toString('base64url');
    const row: ApiKeyEntity = {
      id: this.ids.uuid(),
      accountId,
      prefix: apiKey.slice(0, DISPLAY_LENGTH),
      keyHash: sha256Hex(apiKey),
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
    this.forget();
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
    const keyHash = sha256Hex(apiKey);
    const remembered = this.keyChanges ? await this.rememberedOnPostgres(keyHash) : this.remembered(keyHash);
    const key = remembered ?? (await this.lookUp(keyHash));
    if (!key) return undefined;
    await this.recordUse(key);
    return { keyId: key.keyId, accountId: key.accountId };
  }

  /** On SQLite: the active key with this hash if remembered and no key was revoked or deleted since. */
  private remembered(keyHash: string): KnownKey | undefined {
    if (this.keyChangeCounter?.moved()) this.forget();
    return this.known.get(keyHash);
  }

  /** On PostgreSQL: the same, once every key change committed before the request arrived was heard. */
  private async rememberedOnPostgres(keyHash: string): Promise<KnownKey | undefined> {
    return (await this.keyChanges?.caughtUp()) ? this.known.get(keyHash) : undefined;
  }

  private async lookUp(keyHash: string): Promise<KnownKey | undefined> {
    const generation = this.generation;
    const [row] = await this.sql.rows<{
      id: string;
      account_id: string;
      key_hash: string;
      revoked_at: number | string | null;
      last_used_at: number | string | null;
    }>('SELECT id, account_id, key_hash, revoked_at, last_used_at FROM quarry_api_keys WHERE key_hash = ?', [
      keyHash,
    ]);
    if (
      !row ||
      !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(keyHash, 'hex')) ||
      row.revoked_at !== null
    )
      return undefined;
    const key: KnownKey = {
      keyId: row.id,
      accountId: row.account_id,
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    };
    if (!this.keyChanges || (this.keyChanges.heard && generation === this.generation)) {
      if (this.known.size >= MAX_KNOWN_KEYS) this.known.clear();
      this.known.set(keyHash, key);
    }
    return key;
  }

  private forget(): void {
    this.known.clear();
    this.generation += 1;
  }

  /** Keeps `lastUsedAt` to the minute: one write per key per minute at most, whatever the traffic. */
  private async recordUse(key: KnownKey): Promise<void> {
    const now = this.clock.now().getTime();
    if (key.lastUsedAt !== null && now - key.lastUsedAt < LAST_USED_RESOLUTION_MS) return;
    key.lastUsedAt = now;
    await this.sql.run('UPDATE quarry_api_keys SET last_used_at = ? WHERE id = ?', [now, key.keyId]);
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
