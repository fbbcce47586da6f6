import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { Clock, IdGenerator, NotFoundError, PaymentRequiredError, PRICE_HOLD_MS } from '@quarry/core';
import { dataSourceOptionsFromUrl } from '@quarry/persistence';
import { testDatabaseEngines } from '@quarry/testing';
import { AccountsService, accountsEntities, CreditLedger } from '../src';
import { AccountEntity } from '../src/infrastructure/typeorm/account.entity';
import { CreditUsageEntity } from '../src/infrastructure/typeorm/credit-usage.entity';
import { LedgerEntryEntity } from '../src/infrastructure/typeorm/ledger-entry.entity';
import { AccountsTestContext, createAccountsTestContext } from './accounts-test-module';

class ClockAt extends Clock {
  constructor(private readonly at: Date) {
    super();
  }
  now(): Date {
    return this.at;
  }
}

describe.each(testDatabaseEngines())('CreditLedger on %s', (engine) => {
  let context: AccountsTestContext;
  let accounts: AccountsService;
  let ledger: CreditLedger;

  beforeAll(async () => {
    context = await createAccountsTestContext(engine);
    accounts = context.moduleRef.get(AccountsService);
    ledger = context.moduleRef.get(CreditLedger);
  });
  afterAll(() => context.close());

  const ledgerRows = (accountId: string) =>
    context.database.dataSource.getRepository(LedgerEntryEntity).findBy({ accountId });

  it('lets exactly as many of 50 concurrent 1-credit charges through as the balance of 10 pays for', async () => {
    const { id } = await accounts.create('race@example.com', 10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => ledger.charge(id, 1, 'scrape', `job-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const rejections = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejections).toHaveLength(40);
    for (const r of rejections) expect(r.reason).toBeInstanceOf(PaymentRequiredError);
    expect(await ledger.balance(id)).toBe(0);
    expect((await ledgerRows(id)).filter((row) => row.operation === 'scrape')).toHaveLength(10);
    expect(await ledger.usageSince(id, new Date(0))).toEqual({ scrape: { count: 10, credits: 10 } });
  });

  it('has committed every charge it acknowledged: another connection sees them at once', async () => {
    const { id } = await accounts.create('durable@example.com', 3);
    await Promise.all([1, 2, 3].map((i) => ledger.charge(id, 1, 'scrape', `durable-${i}`)));
    const other = await new DataSource(
      dataSourceOptionsFromUrl(context.database.url, { entities: accountsEntities, migrations: [] }),
    ).initialize();
    try {
      expect(
        await other.getRepository(LedgerEntryEntity).countBy({ accountId: id, operation: 'scrape' }),
      ).toBe(3);
      expect((await other.getRepository(AccountEntity).findOneBy({ id }))?.credits).toBe(0);
    } finally {
      await other.destroy();
    }
  });

  it('charges one (operation, referenceId) once, even when charged twice at the same time', async () => {
    const { id } = await accounts.create('twice@example.com', 5);
    const [a, b] = await Promise.all([
      ledger.charge(id, 2, 'screenshot', 'req-1'),
      ledger.charge(id, 2, 'screenshot', 'req-1'),
    ]);
    expect([a.charged, b.charged].sort()).toEqual([false, true]);
    expect(await ledger.balance(id)).toBe(3);
    expect((await ledgerRows(id)).filter((row) => row.referenceId === 'req-1')).toHaveLength(1);
  });

  it('refuses a charge larger than the balance and leaves no trace', async () => {
    const { id } = await accounts.create('short@example.com', 4);
    await expect(ledger.charge(id, 5, 'screenshot', 'big')).rejects.toBeInstanceOf(PaymentRequiredError);
    expect(await ledger.balance(id)).toBe(4);
    expect((await ledgerRows(id)).map((row) => row.operation)).toEqual(['credits.grant']);
  });

  it('reports usage per operation since a time', async () => {
    const { id } = await accounts.create('usage@example.com', 20);
    await ledger.charge(id, 1, 'scrape', 'u1');
    await ledger.charge(id, 1, 'scrape', 'u2');
    await ledger.charge(id, 5, 'screenshot', 'u3');
    await accounts.addCredits(id, 7);
    expect(await ledger.usageSince(id, new Date(Date.now() - 60_000))).toEqual({
      scrape: { count: 2, credits: 2 },
      screenshot: { count: 1, credits: 5 },
    });
    expect(await ledger.balance(id)).toBe(20);
  });

  it('counts usage per UTC day as charges land, once per charge, and reads it from the day of `since`', async () => {
    const { id } = await accounts.create('days@example.com', 10);
    const at = (iso: string) =>
      new CreditLedger(
        context.database.dataSource,
        new ClockAt(new Date(iso)),
        context.moduleRef.get(IdGenerator),
      );
    await at('2026-03-01T23:59:59Z').charge(id, 1, 'scrape', 'day-1');
    await at('2026-03-02T00:00:00Z').charge(id, 1, 'scrape', 'day-2');
    await at('2026-03-02T12:00:00Z').charge(id, 3, 'screenshot', 'day-3');
    await at('2026-03-02T13:00:00Z').charge(id, 3, 'screenshot', 'day-3');
    await expect(at('2026-03-02T14:00:00Z').charge(id, 6, 'scrape', 'day-4')).rejects.toBeInstanceOf(
      PaymentRequiredError,
    );
    await at('2026-03-02T15:00:00Z').grant(id, 4, 'credits.add', 'day-5');

    expect(await ledger.usageSince(id, new Date('2026-03-02T18:00:00Z'))).toEqual({
      scrape: { count: 1, credits: 1 },
      screenshot: { count: 1, credits: 3 },
    });
    expect(await ledger.usageSince(id, new Date('2026-03-01T18:00:00Z'))).toEqual({
      scrape: { count: 2, credits: 2 },
      screenshot: { count: 1, credits: 3 },
    });
    expect(
      await context.database.dataSource.getRepository(CreditUsageEntity).countBy({ accountId: id }),
    ).toBe(3);
  });

  it('counts charges made with a key per key and UTC day, and leaves keyless charges and grants out', async () => {
    const { id } = await accounts.create('keys@example.com', 20);
    const at = (iso: string) =>
      new CreditLedger(
        context.database.dataSource,
        new ClockAt(new Date(iso)),
        context.moduleRef.get(IdGenerator),
      );
    await at('2026-04-01T10:00:00Z').charge(id, 1, 'scrape', 'key-1', 'key-a');
    await at('2026-04-01T11:00:00Z').charge(id, 1, 'scrape', 'key-2', 'key-a');
    await at('2026-04-01T11:00:00Z').charge(id, 1, 'scrape', 'key-2', 'key-a');
    await at('2026-04-01T12:00:00Z').charge(id, 5, 'screenshot', 'key-3', 'key-b');
    await at('2026-04-02T09:00:00Z').charge(id, 1, 'scrape', 'key-4', 'key-b');
    await at('2026-04-02T09:30:00Z').charge(id, 1, 'scrape', 'key-5');
    await expect(
      at('2026-04-02T10:00:00Z').charge(id, 50, 'scrape', 'key-6', 'key-a'),
    ).rejects.toBeInstanceOf(PaymentRequiredError);
    await at('2026-04-02T11:00:00Z').grant(id, 3, 'credits.add', 'key-7');

    expect(await ledger.dailyKeyUsageSince(id, new Date('2026-04-01T18:00:00Z'))).toEqual([
      { day: '2026-04-01', apiKeyId: 'key-a', operation: 'scrape', count: 2, credits: 2 },
      { day: '2026-04-01', apiKeyId: 'key-b', operation: 'screenshot', count: 1, credits: 5 },
      { day: '2026-04-02', apiKeyId: 'key-b', operation: 'scrape', count: 1, credits: 1 },
    ]);
    expect(await ledger.dailyKeyUsageSince(id, new Date('2026-04-02T00:00:00Z'))).toHaveLength(1);
    expect((await ledgerRows(id)).find((row) => row.referenceId === 'key-1')?.apiKeyId).toBe('key-a');
    expect(await ledger.usageSince(id, new Date('2026-04-01T00:00:00Z'))).toEqual({
      scrape: { count: 4, credits: 4 },
      screenshot: { count: 1, credits: 5 },
    });
  });

  it('holds the price of 50 concurrent reservations for exactly as many as a balance of 10 pays for', async () => {
    const { id } = await accounts.create('holds@example.com', 10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => ledger.reserve(id, 1, 'scrape', `hold-${i}`, PRICE_HOLD_MS)),
    );
    const held = results.flatMap((r, i) => (r.status === 'fulfilled' ? [`hold-${i}`] : []));
    expect(held).toHaveLength(10);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect(r.reason).toBeInstanceOf(PaymentRequiredError);
    expect(await ledger.balance(id)).toBe(0);
    expect(await ledger.reserved(id)).toBe(10);

    await Promise.all(held.slice(0, 7).map((ref) => ledger.charge(id, 1, 'scrape', ref)));
    await Promise.all(held.slice(7).map((ref) => ledger.release(id, 'scrape', ref)));
    expect(await ledger.balance(id)).toBe(3);
    expect(await ledger.reserved(id)).toBe(0);
    expect((await ledgerRows(id)).filter((row) => row.operation === 'scrape')).toHaveLength(7);
  });

  it('charges a held price once, and gives back a hold taken again for a result already charged', async () => {
    const { id } = await accounts.create('settle@example.com', 5);
    await ledger.reserve(id, 5, 'screenshot', 'shot-1', PRICE_HOLD_MS);
    await ledger.reserve(id, 5, 'screenshot', 'shot-1', PRICE_HOLD_MS);
    expect(await ledger.balance(id)).toBe(0);
    expect(await ledger.charge(id, 5, 'screenshot', 'shot-1')).toEqual({ charged: true });
    await ledger.release(id, 'screenshot', 'shot-1');
    expect(await ledger.balance(id)).toBe(0);

    await accounts.addCredits(id, 5);
    await ledger.reserve(id, 5, 'screenshot', 'shot-1', PRICE_HOLD_MS);
    expect(await ledger.charge(id, 5, 'screenshot', 'shot-1')).toEqual({ charged: false });
    expect(await ledger.reserved(id)).toBe(0);
    expect((await ledgerRows(id)).filter((row) => row.referenceId === 'shot-1')).toHaveLength(1);
  });

  it('gives back a hold nobody charged or released once it expires', async () => {
    const { id } = await accounts.create('expired@example.com', 3);
    await ledger.reserve(id, 2, 'scrape', 'orphan', PRICE_HOLD_MS);
    expect(await ledger.balance(id)).toBe(1);
    const later = new CreditLedger(
      context.database.dataSource,
      new ClockAt(new Date(Date.now() + PRICE_HOLD_MS + 1000)),
      context.moduleRef.get(IdGenerator),
    );
    expect(await later.reserved(id)).toBe(0);
    expect(await ledger.balance(id)).toBe(3);
    expect(await ledgerRows(id)).toHaveLength(1);
  });

  it('takes back an expired hold when a new one would otherwise be short', async () => {
    const { id } = await accounts.create('reuse@example.com', 3);
    await ledger.reserve(id, 2, 'scrape', 'stale', PRICE_HOLD_MS);
    const later = new CreditLedger(
      context.database.dataSource,
      new ClockAt(new Date(Date.now() + PRICE_HOLD_MS + 1000)),
      context.moduleRef.get(IdGenerator),
    );
    await later.reserve(id, 3, 'scrape', 'fresh', PRICE_HOLD_MS);
    expect(await ledger.balance(id)).toBe(0);
    await expect(later.reserve(id, 1, 'scrape', 'one-more', PRICE_HOLD_MS)).rejects.toBeInstanceOf(
      PaymentRequiredError,
    );
  });

  it('refuses a charge to an account that does not exist', async () => {
    await expect(ledger.charge(randomUUID(), 1, 'scrape', 'nobody')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('checks a balance before expensive work', async () => {
    const { id } = await accounts.create('check@example.com', 4);
    await expect(ledger.requireBalance(id, 5)).rejects.toBeInstanceOf(PaymentRequiredError);
    await expect(ledger.requireBalance(id, 4)).resolves.toBeUndefined();
  });
});
