import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@quarry/core';
import { ApiKeysService, type ApiKeySummary } from '@quarry/accounts';
import { DashboardKeyLabelStore } from '../ports/dashboard-key-label.store';

/** A key as the keys page lists it; keys made elsewhere (the CLI) have no name or last four. */
export interface DashboardKey extends ApiKeySummary {
  name: string | null;
  lastFour: string | null;
}

/** API keys through `ApiKeysService`, with the name and last four characters the dashboard records. */
@Injectable()
export class DashboardKeys {
  constructor(
    private readonly labelStore: DashboardKeyLabelStore,
    private readonly keys: ApiKeysService,
  ) {}

  async list(accountId: string): Promise<DashboardKey[]> {
    const keys = (await this.keys.listForAccount(accountId)).reverse();
    const labels = await this.labelStore.findByKeys(keys.map((key) => key.id));
    const byKey = new Map(labels.map((label) => [label.keyId, label]));
    return keys.map((key) => ({
      ...key,
      name: byKey.get(key.id)?.name ?? null,
      lastFour: byKey.get(key.id)?.lastFour ?? null,
    }));
  }

  /** The whole key is returned here only. */
  async create(accountId: string, name: string): Promise<{ key: DashboardKey; apiKey: string }> {
    const { key, apiKey } = await this.keys.create(accountId);
    const label = { keyId: key.id, name, lastFour: apiKey.slice(-4) };
    await this.labelStore.insert(label);
    return { key: { ...key, name, lastFour: label.lastFour }, apiKey };
  }

  /** The account's active key; 404 for a key of another account, as for an unknown or revoked one. */
  async active(accountId: string, keyId: string): Promise<DashboardKey> {
    const key = (await this.list(accountId)).find((k) => k.id === keyId && !k.revokedAt);
    if (!key) throw new NotFoundError('No such active key.');
    return key;
  }

  async revoke(accountId: string, keyId: string): Promise<void> {
    await this.keys.revokeByPrefix((await this.active(accountId, keyId)).prefix);
  }
}
