import { AccountsService, CreditLedger } from '@quarry/accounts';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { MonitorsService } from '../src';
import { createMonitorTestContext, eventually, MonitorTestContext } from './support/monitor-test-module';

describe('monitors with price 0', () => {
  let origin: FixtureServer;
  let context: MonitorTestContext;

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/page': {
        body: `<html><head><title>Free</title></head><body><article><h1>Free</h1><p>${'Checked for nothing. '.repeat(30)}</p></article></body></html>`,
      },
    });
    context = await createMonitorTestContext({
      engine: { database: 'sqlite', queue: 'database' },
      allowHosts: [origin.hostPort],
      options: { price: 0 },
    });
  });
  afterAll(async () => {
    await context.close();
    await origin.close();
  });

  it('creates and checks a monitor for an account without credits, leaving its ledger untouched', async () => {
    const accountId = (await context.moduleRef.get(AccountsService).create('free@example.com', 0)).id;
    const monitors = context.moduleRef.get(MonitorsService);
    const { monitor } = await monitors.create(accountId, { url: origin.url('/page') });
    const [check] = await eventually(
      () => monitors.checks(accountId, monitor.id, { limit: 10 }),
      (checks) => checks.length >= 1,
    );
    expect(check.outcome).toBe('baseline');
    const ledger = context.moduleRef.get(CreditLedger);
    expect(await ledger.balance(accountId)).toBe(0);
    expect(await ledger.reserved(accountId)).toBe(0);
    expect(await ledger.usageSince(accountId, new Date(0))).toEqual({});
  });
});
