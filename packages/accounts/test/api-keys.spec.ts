import { createHash } from 'node:crypto';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { NotFoundError, QuarryCoreModule } from '@quarry/core';
import { dataSourceOptionsFromUrl, QuarryDataSourceModule } from '@quarry/persistence';
import { eventually, testDatabaseEngines, testDataSourceModule } from '@quarry/testing';
import { AccountsModule, AccountsService, accountsEntities, ApiKeysService, CreditLedger } from '../src';
import { ApiKeyEntity } from '../src/infrastructure/typeorm/api-key.entity';
import { AccountsTestContext, createAccountsTestContext } from './accounts-test-module';

describe.each(testDatabaseEngines())('ApiKeysService on %s', (engine) => {
  let context: AccountsTestContext;
  let accounts: AccountsService;
  let keys: ApiKeysService;

  beforeAll(async () => {
    context = await createAccountsTestContext(engine);
    accounts = context.moduleRef.get(AccountsService);
    keys = context.moduleRef.get(ApiKeysService);
  });
  afterAll(() => context.close());

  it('creates a qk_live_ key with 256 random bits and stores only its hash and prefix', async () => {
    const { id } = await accounts.create('keys@example.com', 0);
    const { apiKey, key } = await keys.create(id);
    expect(apiKey).toMatch(/^qk_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.startsWith(key.prefix)).toBe(true);
    const [row] = await context.database.dataSource.getRepository(ApiKeyEntity).findBy({ id: key.id });
    expect(row.keyHash).toBe(createHash('sha256').update(apiKey).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(apiKey.slice(key.prefix.length));
  });

  it('authenticates a key to its account until it is revoked', async () => {
    const { id } = await accounts.create('auth@example.com', 0);
    const { apiKey, key } = await keys.create(id);
    expect(await keys.authenticate(apiKey)).toEqual({ keyId: key.id, accountId: id });
    await keys.revokeByPrefix(key.prefix);
    expect(await keys.authenticate(apiKey)).toBeUndefined();
  });

  it('records when a key was last used, to the minute, writing once however often it is used', async () => {
    const { id } = await accounts.create('used@example.com', 0);
    const { apiKey } = await keys.create(id);
    expect((await keys.listForAccount(id))[0].lastUsedAt).toBeNull();
    const before = Date.now();
    await keys.authenticate(apiKey);
    const [{ lastUsedAt: first }] = await keys.listForAccount(id);
    expect(first!.getTime()).toBeGreaterThanOrEqual(before);
    expect(first!.getTime()).toBeLessThanOrEqual(Date.now());
    await keys.authenticate(apiKey);
    expect((await keys.listForAccount(id))[0].lastUsedAt).toEqual(first);
  });

  /**
   * A key revoked through another connection is refused on SQLite by the next request, which reads
   * `data_version` (a request arrives in an event-loop turn of its own, as modelled here); on
   * PostgreSQL once the revocation's notification arrives, within a second.
   */
  const refusedAfterRevocationElsewhere = async (apiKey: string) => {
    const refused = async () => (await keys.authenticate(apiKey)) === undefined;
    if (engine === 'sqlite') {
      await new Promise(setImmediate);
      expect(await refused()).toBe(true);
    } else await eventually(refused, 1_000);
  };

  it('refuses a key revoked through another connection (another process or instance)', async () => {
    const dataSource = await new DataSource(
      dataSourceOptionsFromUrl(context.database.url, { entities: accountsEntities, migrations: [] }),
    ).initialize();
    const other = await Test.createTestingModule({
      imports: [
        testDataSourceModule(dataSource),
        QuarryCoreModule,
        QuarryDataSourceModule,
        AccountsModule.forRoot({}),
      ],
    }).compile();
    try {
      const { id } = await accounts.create('elsewhere@example.com', 5);
      const { apiKey, key } = await keys.create(id);
      const { apiKey: kept } = await keys.create(id);
      expect(await keys.authenticate(apiKey)).toEqual({ keyId: key.id, accountId: id });
      expect(await keys.authenticate(kept)).toBeDefined();
      // Writes elsewhere that revoke nothing leave both keys working.
      await other.get(CreditLedger).charge(id, 1, 'scrape', 'elsewhere-1');
      expect(await keys.authenticate(apiKey)).toEqual({ keyId: key.id, accountId: id });
      await other.get(ApiKeysService).revokeByPrefix(key.prefix);
      await refusedAfterRevocationElsewhere(apiKey);
      expect(await keys.authenticate(kept)).toBeDefined();
    } finally {
      await other.close();
      await dataSource.destroy();
    }
  });

  it('rejects unknown and malformed keys', async () => {
    const { apiKey } = await keys.create((await accounts.create('other@example.com', 0)).id);
    const unknown = apiKey.slice(0, -1) + (apiKey.endsWith('A') ? 'B' : 'A');
    for (const candidate of [unknown, '', 'qk_live_short', apiKey + 'x', 'Bearer ' + apiKey]) {
      expect(await keys.authenticate(candidate)).toBeUndefined();
    }
  });

  it('revokes nothing for an unknown prefix', async () => {
    await expect(keys.revokeByPrefix('qk_live_ZZZZZZZZ')).rejects.toBeInstanceOf(NotFoundError);
  });
});
