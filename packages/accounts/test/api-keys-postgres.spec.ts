import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { QuarryCoreModule } from '@quarry/core';
import { dataSourceOptionsFromUrl, QuarryDataSourceModule } from '@quarry/persistence';
import { eventually, testDatabaseEngines, testDataSourceModule } from '@quarry/testing';
import { AccountsModule, AccountsService, accountsEntities, ApiKeysService, CreditLedger } from '../src';
import { API_KEY_LISTENER_APPLICATION_NAME } from '../src/domain/api-key-change-listener';
import { AccountsTestContext, createAccountsTestContext } from './accounts-test-module';

/** What the test watches of the `pg` pool. */
interface QueryablePool {
  query(query: string | { text: string }): Promise<unknown>;
}

const describeOnPostgres = testDatabaseEngines().includes('postgres') ? describe : describe.skip;

describeOnPostgres('ApiKeysService on postgres: keys remembered while their changes are heard', () => {
  let context: AccountsTestContext;
  let accounts: AccountsService;
  let keys: ApiKeysService;
  /** Another connection to the database, as the CLI or another instance has. */
  let elsewhere: DataSource;
  let lookups: () => number;

  beforeAll(async () => {
    context = await createAccountsTestContext('postgres');
    accounts = context.moduleRef.get(AccountsService);
    keys = context.moduleRef.get(ApiKeysService);
    elsewhere = await new DataSource(
      dataSourceOptionsFromUrl(context.database.url, { entities: accountsEntities, migrations: [] }),
    ).initialize();
    // Every statement of the data source goes through its driver's `pg` pool.
    const pool = (context.database.dataSource.driver as unknown as { master: QueryablePool }).master;
    const queries = jest.spyOn(pool, 'query');
    lookups = () =>
      queries.mock.calls.filter(([query]) =>
        String(typeof query === 'string' ? query : query.text).includes(
          'FROM quarry_api_keys WHERE key_hash',
        ),
      ).length;
  });
  afterAll(async () => {
    await elsewhere.destroy();
    await context.close();
  });

  async function newKey(email: string) {
    const { id } = await accounts.create(email, 5);
    return { accountId: id, ...(await keys.create(id)) };
  }

  /** Authenticates `apiKey`, which must be valid; true when that read its row from the database. */
  async function readsItsRow(apiKey: string): Promise<boolean> {
    const before = lookups();
    expect(await keys.authenticate(apiKey)).toBeDefined();
    return lookups() > before;
  }

  /** AccountsModule on the other connection, as another instance runs it. */
  const otherInstance = (): Promise<TestingModule> =>
    Test.createTestingModule({
      imports: [
        testDataSourceModule(elsewhere),
        QuarryCoreModule,
        QuarryDataSourceModule,
        AccountsModule.forRoot({}),
      ],
    }).compile();

  const listeners = async (): Promise<number> =>
    (
      await elsewhere.query(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [API_KEY_LISTENER_APPLICATION_NAME],
      )
    ).length;

  const remembered = async (apiKey: string) => eventually(async () => !(await readsItsRow(apiKey)), 3_000);
  const refused = async (apiKey: string) => (await keys.authenticate(apiKey)) === undefined;
  const revokeElsewhere = (keyId: string) =>
    elsewhere.query('UPDATE quarry_api_keys SET revoked_at = $1 WHERE id = $2', [Date.now(), keyId]);

  it('authenticates a known key from memory; writes elsewhere that change no key forget nothing', async () => {
    const { apiKey, key, accountId } = await newKey('memory@example.com');
    await remembered(apiKey);
    await elsewhere.query('UPDATE quarry_api_keys SET last_used_at = $1 WHERE id = $2', [Date.now(), key.id]);
    const other = await otherInstance();
    await other.get(CreditLedger).charge(accountId, 1, 'scrape', 'elsewhere-1');
    await other.close();
    // Longer than a notification takes to arrive, were one sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await readsItsRow(apiKey)).toBe(false);
  });

  it('refuses a key revoked through another connection on the next request, keeping the others', async () => {
    const first = await newKey('revoked@example.com');
    const second = await newKey('kept@example.com');
    await remembered(first.apiKey);
    await remembered(second.apiKey);
    await revokeElsewhere(first.key.id);
    expect(await refused(first.apiKey)).toBe(true);
    expect(await keys.authenticate(second.apiKey)).toEqual({
      keyId: second.key.id,
      accountId: second.accountId,
    });
  });

  it('refuses a key deleted through another connection on the next request', async () => {
    const { apiKey, key } = await newKey('deleted@example.com');
    await remembered(apiKey);
    await elsewhere.query('DELETE FROM quarry_api_keys WHERE id = $1', [key.id]);
    expect(await refused(apiKey)).toBe(true);
  });

  it('reads each key while its listener is down, and remembers keys again once it is back', async () => {
    const { apiKey } = await newKey('listener@example.com');
    const revokedMeanwhile = await newKey('meanwhile@example.com');
    await remembered(apiKey);
    await remembered(revokedMeanwhile.apiKey);
    const terminated: unknown[] = await elsewhere.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [API_KEY_LISTENER_APPLICATION_NAME],
    );
    expect(terminated).toHaveLength(1);
    await eventually(() => readsItsRow(apiKey), 1_000);
    // Revoked while no notification can be heard: read, so refused on the next request.
    await revokeElsewhere(revokedMeanwhile.key.id);
    expect(await refused(revokedMeanwhile.apiKey)).toBe(true);
    await remembered(apiKey);
    await revokeElsewhere((await keys.authenticate(apiKey))!.keyId);
    await eventually(() => refused(apiKey), 1_000);
  });

  it('opens one listening connection per instance once it authenticates, closed with its module', async () => {
    const other = await otherInstance();
    const { apiKey } = await newKey('instances@example.com');
    await remembered(apiKey);
    expect(await listeners()).toBe(1);
    await other.get(ApiKeysService).authenticate(apiKey);
    await eventually(async () => (await listeners()) === 2, 1_000);
    await other.close();
    await eventually(async () => (await listeners()) === 1, 1_000);
  });
});
